// PangoMarkupOracle: libpango's own pango_parse_markup, loaded at test time with dlopen (no
// build-time dependency), reporting for a markup document whether Pango accepts it (with GError's
// message), its text, and its effective attribute segments in Pango's terms.

import Foundation

/// What Pango makes of one markup document.
public struct PangoMarkupResult: Sendable {
    /// The text (nil when rejected).
    public var text: String?
    /// GError's message when rejected.
    public var error: String?
    /// Effective attributes per segment (UTF-16 ranges), as `PangoAttributeTerms` spells them.
    public var segments: [(range: Range<Int>, values: [String: String])] = []
    /// `pango_attr_list_to_string` of the raw list, for messages.
    public var rawList = ""
}

/// Errors loading libpango.
public struct PangoOracleUnavailable: Error, CustomStringConvertible {
    /// What is missing, and which Debian package provides it.
    public let description: String
}

/// libpango 1.50 reached through dlopen/dlsym. Each parse builds its own lists, but parses are
/// serialised by a lock anyway (Swift Testing runs parameterised cases in parallel), so no
/// thread-safety assumption about GLib's type and language caches is needed.
public final class PangoMarkupOracle: @unchecked Sendable {
    private let lock = NSLock()

    typealias Pointer = UnsafeMutableRawPointer

    /// The one oracle of the test process, or why libpango could not be loaded.
    public static let shared: Result<PangoMarkupOracle, PangoOracleUnavailable> = Result {
        try PangoMarkupOracle()
    }.mapError { $0 as? PangoOracleUnavailable ?? PangoOracleUnavailable(description: "\($0)") }

    /// The base font description the iterator's fonts start from (as Galley's base attributes).
    public static let baseFontDescription = "DejaVu Sans 12"

    private let parseMarkup:
        @convention(c) (
            UnsafePointer<CChar>, Int32, UInt32, UnsafeMutablePointer<Pointer?>?,
            UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?, UnsafeMutablePointer<UInt32>?,
            UnsafeMutablePointer<Pointer?>?
        ) -> Int32
    private let listUnref, iteratorDestroy, fontDescriptionFree, gFree, errorFree: @convention(c) (Pointer?) -> Void
    private let listNew: @convention(c) () -> Pointer?
    private let listInsert: @convention(c) (Pointer?, Pointer?) -> Void
    private let listToString: @convention(c) (Pointer?) -> UnsafeMutablePointer<CChar>?
    private let listIterator: @convention(c) (Pointer?) -> Pointer?
    private let iteratorRange:
        @convention(c) (Pointer?, UnsafeMutablePointer<Int32>, UnsafeMutablePointer<Int32>) -> Void
    private let iteratorNext: @convention(c) (Pointer?) -> Int32
    private let iteratorFont:
        @convention(c) (Pointer?, Pointer?, UnsafeMutablePointer<Pointer?>?, UnsafeMutablePointer<Pointer?>?) -> Void
    private let descriptionFromString: @convention(c) (UnsafePointer<CChar>) -> Pointer?
    private let descriptionFamily, descriptionVariations,
        languageToString: @convention(c) (Pointer?) -> UnsafePointer<CChar>?
    private let descriptionStyle, descriptionWeight, descriptionVariant, descriptionStretch,
        descriptionSize: @convention(c) (Pointer?) -> Int32
    private let styleNew, variantNew, stretchNew: @convention(c) (Int32) -> Pointer?
    private let slistFree: @convention(c) (Pointer?) -> Void

    private init() throws(PangoOracleUnavailable) {
        var handles: [Pointer] = []
        for library in ["libglib-2.0.so.0", "libgobject-2.0.so.0", "libpango-1.0.so.0"] {
            guard let handle = dlopen(library, RTLD_NOW | RTLD_GLOBAL) else {
                let reason = dlerror().map { String(cString: $0) } ?? "unknown reason"
                throw PangoOracleUnavailable(
                    description: "cannot load \(library) (\(reason)): the markup parity tests need libpango 1.50; "
                        + "install the Debian package libpango-1.0-0 (`make test-deps` does)")
            }
            handles.append(handle)
        }
        func symbol<T>(_ name: String, _: T.Type = T.self) throws(PangoOracleUnavailable) -> T {
            for handle in handles.reversed() {
                if let address = dlsym(handle, name) { return unsafeBitCast(address, to: T.self) }
            }
            throw PangoOracleUnavailable(description: "libpango has no \(name): Pango 1.50 or later is needed")
        }
        parseMarkup = try symbol("pango_parse_markup")
        listUnref = try symbol("pango_attr_list_unref")
        iteratorDestroy = try symbol("pango_attr_iterator_destroy")
        fontDescriptionFree = try symbol("pango_font_description_free")
        gFree = try symbol("g_free")
        errorFree = try symbol("g_error_free")
        listNew = try symbol("pango_attr_list_new")
        listInsert = try symbol("pango_attr_list_insert")
        listToString = try symbol("pango_attr_list_to_string")
        listIterator = try symbol("pango_attr_list_get_iterator")
        iteratorRange = try symbol("pango_attr_iterator_range")
        iteratorNext = try symbol("pango_attr_iterator_next")
        iteratorFont = try symbol("pango_attr_iterator_get_font")
        descriptionFromString = try symbol("pango_font_description_from_string")
        descriptionFamily = try symbol("pango_font_description_get_family")
        descriptionVariations = try symbol("pango_font_description_get_variations")
        languageToString = try symbol("pango_language_to_string")
        descriptionStyle = try symbol("pango_font_description_get_style")
        descriptionWeight = try symbol("pango_font_description_get_weight")
        descriptionVariant = try symbol("pango_font_description_get_variant")
        descriptionStretch = try symbol("pango_font_description_get_stretch")
        descriptionSize = try symbol("pango_font_description_get_size")
        styleNew = try symbol("pango_attr_style_new")
        variantNew = try symbol("pango_attr_variant_new")
        stretchNew = try symbol("pango_attr_stretch_new")
        slistFree = try symbol("g_slist_free")
    }

    /// Parses `markup` with `pango_parse_markup` (no accelerator) and walks its attributes.
    public func parse(_ markup: String) -> PangoMarkupResult {
        lock.lock()
        defer { lock.unlock() }
        var list: Pointer?
        var text: UnsafeMutablePointer<CChar>?
        var error: Pointer?
        let accepted = markup.withCString { parseMarkup($0, -1, 0, &list, &text, nil, &error) }
        guard accepted != 0, let text else {
            // GError is { GQuark domain; gint code; gchar *message; }.
            let message = error.flatMap { $0.load(fromByteOffset: 8, as: UnsafePointer<CChar>?.self) }
            let result = PangoMarkupResult(error: message.map { String(cString: $0) } ?? "(no message)")
            errorFree(error)
            return result
        }
        defer {
            gFree(text)
            listUnref(list)
        }
        let bytes = Array(
            UnsafeBufferPointer(
                start: UnsafeRawPointer(text).assumingMemoryBound(to: UInt8.self),
                count: strlen(text)))
        let string = String(decoding: bytes, as: UTF8.self)
        var result = PangoMarkupResult(text: string)
        result.rawList = listString(list)
        result.segments = segments(list, utf8: bytes)
        return result
    }

    /// What `pango_font_description_from_string` makes of `description`: `family` (absent when
    /// it names none), `style`, `weight`, `variant`, `stretch`, `size` (0 when it gives none) and
    /// `variations`, spelled as in ``parse(_:)``'s segments.
    public func describe(_ description: String) -> [String: String] {
        lock.lock()
        defer { lock.unlock() }
        let parsed = description.withCString { descriptionFromString($0) }
        defer { fontDescriptionFree(parsed) }
        return fontValues(parsed)
    }

    /// `pango_attr_list_to_string`.
    private func listString(_ list: Pointer?) -> String {
        guard let chars = listToString(list) else { return "" }
        defer { gFree(chars) }
        return String(cString: chars)
    }

    /// The iterator's segments, byte ranges turned into UTF-16 offsets.
    private func segments(_ list: Pointer?, utf8: [UInt8]) -> [(range: Range<Int>, values: [String: String])] {
        // UTF-16 offset of each UTF-8 byte offset (valid at character boundaries).
        var utf16At = [Int](repeating: 0, count: utf8.count + 1)
        var offset = 0
        var index = 0
        while index < utf8.count {
            let lead = utf8[index]
            let length = lead < 0x80 ? 1 : lead < 0xE0 ? 2 : lead < 0xF0 ? 3 : 4
            for k in 0..<length where index + k <= utf8.count { utf16At[index + k] = offset }
            offset += length == 4 ? 2 : 1
            index += length
        }
        utf16At[utf8.count] = offset
        var result: [(range: Range<Int>, values: [String: String])] = []
        let iterator = listIterator(list)
        defer { iteratorDestroy(iterator) }
        repeat {
            var start: Int32 = 0
            var end: Int32 = 0
            iteratorRange(iterator, &start, &end)
            let lower = min(max(Int(start), 0), utf8.count)
            let upper = min(max(Int(end), 0), utf8.count)
            guard lower < upper else { continue }
            result.append((utf16At[lower]..<utf16At[upper], values(at: iterator)))
        } while iteratorNext(iterator) != 0
        return result
    }

    /// The effective attributes at the iterator: the font from `get_font` over the base
    /// description, the other attributes as `get_font`'s extra attributes (innermost of each type;
    /// every font-features, baseline-shift and font-scale), each spelled by
    /// `pango_attr_list_to_string`.
    private func values(at iterator: Pointer?) -> [String: String] {
        let base = Self.baseFontDescription.withCString { descriptionFromString($0) }
        defer { fontDescriptionFree(base) }
        var language: Pointer?
        var extras: Pointer?
        iteratorFont(iterator, base, &language, &extras)
        var values = fontValues(base)
        if let language, let name = languageToString(language) {
            values["language"] = String(cString: name)
        }
        // GSList is { gpointer data; GSList *next; }. get_font walks the attributes innermost
        // first and prepends each, so the list runs outer to inner: cumulative values outer first.
        var attributes: [Pointer] = []
        var node = extras
        while let current = node {
            if let data = current.load(as: Pointer?.self) { attributes.append(data) }
            node = current.load(fromByteOffset: MemoryLayout<Pointer>.size, as: Pointer?.self)
        }
        slistFree(extras)
        for attribute in attributes {
            let (name, value) = spelling(of: attribute)
            if ["font-features", "baseline-shift", "font-scale"].contains(name), let earlier = values[name] {
                values[name] = earlier + "," + value
            } else {
                values[name] = value
            }
        }
        return values
    }

    /// `family`, `style`, `weight`, `variant`, `stretch`, `size` and `variations` of a description.
    private func fontValues(_ description: Pointer?) -> [String: String] {
        var values: [String: String] = [:]
        values["family"] = descriptionFamily(description).map { String(cString: $0) }
        values["style"] = spelling(of: styleNew(descriptionStyle(description))).value
        values["weight"] = String(descriptionWeight(description))
        values["variant"] = spelling(of: variantNew(descriptionVariant(description))).value
        values["stretch"] = spelling(of: stretchNew(descriptionStretch(description))).value
        values["size"] = Self.number(Double(descriptionSize(description)) / 1024)
        if let variations = descriptionVariations(description) {
            values["variations"] = String(cString: variations)
        }
        return values
    }

    /// An attribute's type name and value as `pango_attr_list_to_string` writes them; takes
    /// ownership of `attribute` (it goes into a list of its own, which is freed).
    private func spelling(of attribute: Pointer?) -> (name: String, value: String) {
        let list = listNew()
        defer { listUnref(list) }
        listInsert(list, attribute)
        // "START END name value"
        let line = listString(list).split(separator: "\n").first.map(String.init) ?? ""
        let fields = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: true)
        guard fields.count >= 3 else { return (line, "") }
        var value = fields.count > 3 ? String(fields[3]) : ""
        if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
            value = String(value.dropFirst().dropLast())
        }
        return (String(fields[2]), value)
    }

    /// A number with at most four decimals and no trailing zeros.
    public static func number(_ value: Double) -> String {
        if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
        var text = String(format: "%.4f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}
