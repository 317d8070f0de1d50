// NSAttributedStringRunsDecoder: hands a text's string and runs to
// `NSAttributedString.init?(coder:)` in the keyed-archive form of an attributed string, so that an
// immutable NSAttributedString of several runs is made as one string object with one run array.
// swift-corelibs-foundation never frees an attributed string's run array (CFRunArray), and every
// other way to an immutable multi-run string (`init(attributedString:)` of a mutable one) makes two.

import Foundation

/// A keyed decoder holding one attributed string in the form `NSAttributedString.encode(with:)`
/// writes and `init?(coder:)` reads: the string under "NSString", the distinct attribute
/// dictionaries under "NSAttributes" and, under "NSAttributeInfo", a (run length, dictionary
/// index) pair for each run, each number base-128 with the low digits first and the high bit set
/// on all bytes but a number's last. Like an `NSKeyedUnarchiver` over an archived
/// `NSAttributedString`, without the archive.
final class NSAttributedStringRunsDecoder: NSCoder {
    private let string: NSString
    private let attributes: [NSDictionary]
    private let info: NSData

    /// A decoder for `text`'s string and runs, or nil unless its runs tile the text with
    /// non-empty ranges in order (the reader would loop or stop short otherwise).
    init?(_ text: AttributedText) {
        var dictionaries: [NSDictionary] = []
        var slots: [Attributes: Int] = [:]
        var info = Data()
        var location = 0
        for run in text.runs {
            guard run.range.lowerBound == location, !run.range.isEmpty else { return nil }
            location = run.range.upperBound
            let slot: Int
            if let known = slots[run.attributes] {
                slot = known
            } else {
                slot = dictionaries.count
                slots[run.attributes] = slot
                var dictionary: [AnyHashable: Any] = [:]
                for (key, value) in run.attributes.nsAttributes { dictionary[key.rawValue] = value }
                dictionaries.append(NSDictionary(dictionary: dictionary))
            }
            Self.append(run.range.count, to: &info)
            Self.append(slot, to: &info)
        }
        guard location == text.length else { return nil }
        string = NSString(string: text.string)
        attributes = dictionaries
        self.info = NSData(data: info)
        super.init()
    }

    /// Appends `value` (≥ 0) base-128, low digits first, the high bit set on every byte but the
    /// last: the reader's `_NSReadIntFromMutableAttributedStringCoding`.
    private static func append(_ value: Int, to data: inout Data) {
        var rest = value
        while rest > 127 {
            data.append(UInt8(128 + rest % 128))
            rest /= 128
        }
        data.append(UInt8(rest))
    }

    override var allowsKeyedCoding: Bool { true }
    override var allowedClasses: [AnyClass]? { nil }

    override func containsValue(forKey key: String) -> Bool {
        object(forKey: key) != nil
    }

    override func decodeObject(forKey key: String) -> Any? {
        object(forKey: key)
    }

    override func decodeObject(of classes: [AnyClass]?, forKey key: String) -> Any? {
        object(forKey: key)
    }

    override func decodeObject<DecodedObjectType: NSCoding>(
        of cls: DecodedObjectType.Type, forKey key: String
    ) -> DecodedObjectType? where DecodedObjectType: NSObject {
        object(forKey: key) as? DecodedObjectType
    }

    private func object(forKey key: String) -> Any? {
        switch key {
        case "NSString": string
        case "NSAttributes": attributes
        case "NSAttributeInfo": info
        default: nil
        }
    }
}

extension NSAttributedStringRunsDecoder {
    /// Whether this Foundation reads the archive form back as written, checked once on a text of
    /// two runs; if not, `NSAttributedString(_: AttributedText)` builds a mutable string and copies it.
    static let isRead: Bool = {
        var builder = AttributedTextBuilder("ab", attributes: [.tracking(1)])
        try? builder.setAttribute(.tracking(2), range: 1..<2)
        let text = builder.build()
        guard let decoder = NSAttributedStringRunsDecoder(text), let string = NSAttributedString(coder: decoder)
        else { return false }
        return (try? AttributedText(string)) == text
    }()
}
