// MarkupScanner: splits Pango-style markup into text, start tags and end tags (the XML
// subset GLib's GMarkup reads: elements, attributes, entities, character references,
// comments, CDATA, processing instructions), tracking positions for error messages.

/// A token of markup.
enum MarkupToken: Equatable {
    /// Character data, with entities and character references decoded.
    case text(String)
    /// `<name attr="value" …>` or, when `isEmpty`, `<name … />`; `offset` is that of `<`.
    case start(name: String, attributes: [MarkupAttribute], isEmpty: Bool, offset: Int)
    /// `</name>`; `offset` is that of `<`.
    case end(name: String, offset: Int)
}

/// One attribute of a start tag; `offset` is that of its name.
struct MarkupAttribute: Equatable {
    let name: String
    let value: String
    let offset: Int
}

/// Reads tokens from markup, one at a time.
struct MarkupScanner {
    private let scalars: [Unicode.Scalar]
    private var position = 0

    init(_ markup: String) {
        scalars = Array(markup.unicodeScalars)
    }

    /// The 1-based line and column (in Unicode scalars) of a scalar offset.
    func location(of offset: Int) -> (line: Int, column: Int) {
        var line = 1
        var lineStart = 0
        for index in 0..<min(offset, scalars.count) where scalars[index] == "\n" {
            line += 1
            lineStart = index + 1
        }
        return (line, offset - lineStart + 1)
    }

    /// A `.malformed` error located at `offset`.
    func malformed(_ message: String, at offset: Int) -> MarkupError {
        let (line, column) = location(of: offset)
        return .malformed(line: line, column: column, message: message)
    }

    /// The offset just past the markup.
    var endOffset: Int { scalars.count }

    /// The next token, or nil at the end of the markup.
    mutating func next() throws(MarkupError) -> MarkupToken? {
        while position < scalars.count {
            if scalars[position] != "<" {
                return .text(try readText())
            }
            if hasPrefix("<!--") {
                try skip(past: "-->", from: position, opener: 4, what: "comment")
            } else if hasPrefix("<?") {
                try skip(past: "?>", from: position, opener: 2, what: "processing instruction")
            } else if hasPrefix("<![CDATA[") {
                let start = position
                position += 9
                var text = String.UnicodeScalarView()
                while !hasPrefix("]]>") {
                    guard position < scalars.count else {
                        throw malformed("the CDATA section is never closed with ']]>'", at: start)
                    }
                    text.append(scalars[position])
                    position += 1
                }
                position += 3
                return .text(String(text))
            } else if hasPrefix("<!") {
                throw malformed("declarations such as <!DOCTYPE> are not supported", at: position)
            } else if hasPrefix("</") {
                return try readEndTag()
            } else {
                return try readStartTag()
            }
        }
        return nil
    }

    // MARK: Pieces

    /// Character data up to the next `<`, decoding entities.
    private mutating func readText() throws(MarkupError) -> String {
        var text = String.UnicodeScalarView()
        while position < scalars.count, scalars[position] != "<" {
            if scalars[position] == "&" {
                text.append(try readEntity())
            } else {
                text.append(scalars[position])
                position += 1
            }
        }
        return String(text)
    }

    /// `&amp;` `&lt;` `&gt;` `&quot;` `&apos;` `&#NNN;` `&#xHH;` (position at `&`).
    private mutating func readEntity() throws(MarkupError) -> Unicode.Scalar {
        let start = position
        position += 1
        var name = ""
        while position < scalars.count, scalars[position] != ";" {
            let scalar = scalars[position]
            guard scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "#" else {
                break
            }
            name.unicodeScalars.append(scalar)
            position += 1
        }
        guard position < scalars.count, scalars[position] == ";" else {
            throw malformed("'&' must start an entity ending in ';' (write a literal '&' as &amp;)", at: start)
        }
        position += 1
        switch name {
        case "amp": return "&"
        case "lt": return "<"
        case "gt": return ">"
        case "quot": return "\""
        case "apos": return "'"
        default: break
        }
        guard name.hasPrefix("#") else {
            throw malformed("unknown entity &\(name); (known: &amp; &lt; &gt; &quot; &apos; &#NNN; &#xHH;)", at: start)
        }
        let digits = name.dropFirst()
        let code: UInt32? =
            digits.hasPrefix("x")
            ? (digits.count > 1 && digits.dropFirst().allSatisfy(\.isHexDigit)
                ? UInt32(digits.dropFirst(), radix: 16) : nil)
            : (!digits.isEmpty && digits.allSatisfy(\.isASCII) ? UInt32(digits, radix: 10) : nil)
        // XML 1.0 `Char`: #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF].
        guard let code,
            code == 0x9 || code == 0xA || code == 0xD || (0x20...0xD7FF).contains(code)
                || (0xE000...0xFFFD).contains(code) || (0x10000...0x10FFFF).contains(code),
            let scalar = Unicode.Scalar(code)
        else {
            throw malformed("&\(name); is not a character reference to a permitted character", at: start)
        }
        return scalar
    }

    /// `<name attr="value" …>` or `<name … />` (position at `<`).
    private mutating func readStartTag() throws(MarkupError) -> MarkupToken {
        let start = position
        position += 1
        guard let name = readName() else {
            throw malformed("'<' must start a tag (write a literal '<' as &lt;)", at: start)
        }
        var attributes: [MarkupAttribute] = []
        while true {
            let hadSpace = skipWhitespace()
            guard position < scalars.count else {
                throw malformed("the tag <\(name)> is never closed with '>'", at: start)
            }
            if scalars[position] == ">" {
                position += 1
                return .start(name: name, attributes: attributes, isEmpty: false, offset: start)
            }
            if hasPrefix("/>") {
                position += 2
                return .start(name: name, attributes: attributes, isEmpty: true, offset: start)
            }
            let attributeStart = position
            guard hadSpace, let attributeName = readName() else {
                throw malformed("unexpected '\(scalars[position])' in the tag <\(name)>", at: position)
            }
            skipWhitespace()
            guard position < scalars.count, scalars[position] == "=" else {
                throw malformed(
                    "the attribute '\(attributeName)' of <\(name)> needs '=' and a quoted value", at: attributeStart)
            }
            position += 1
            skipWhitespace()
            let value = try readAttributeValue(attributeName, of: name)
            if attributes.contains(where: { $0.name == attributeName }) {
                throw malformed("the attribute '\(attributeName)' appears twice in <\(name)>", at: attributeStart)
            }
            attributes.append(MarkupAttribute(name: attributeName, value: value, offset: attributeStart))
        }
    }

    /// `"value"` or `'value'`, decoding entities.
    private mutating func readAttributeValue(_ attribute: String, of element: String) throws(MarkupError) -> String {
        guard position < scalars.count, scalars[position] == "\"" || scalars[position] == "'" else {
            throw malformed("the value of '\(attribute)' in <\(element)> must be in quotes", at: position)
        }
        let quote = scalars[position]
        let start = position
        position += 1
        var value = String.UnicodeScalarView()
        while true {
            guard position < scalars.count else {
                throw malformed("the value of '\(attribute)' in <\(element)> is never closed with \(quote)", at: start)
            }
            let scalar = scalars[position]
            if scalar == quote {
                position += 1
                return String(value)
            }
            if scalar == "<" {
                throw malformed("'<' is not allowed in an attribute value (write &lt;)", at: position)
            }
            if scalar == "&" {
                value.append(try readEntity())
            } else {
                value.append(scalar)
                position += 1
            }
        }
    }

    /// `</name>` (position at `<`).
    private mutating func readEndTag() throws(MarkupError) -> MarkupToken {
        let start = position
        position += 2
        guard let name = readName() else {
            throw malformed("'</' must be followed by an element name", at: start)
        }
        skipWhitespace()
        guard position < scalars.count, scalars[position] == ">" else {
            throw malformed("the closing tag </\(name)> must end with '>'", at: start)
        }
        position += 1
        return .end(name: name, offset: start)
    }

    /// An XML name (letters, digits, `_ : . -`, not starting with a digit, `.` or `-`).
    private mutating func readName() -> String? {
        var name = String.UnicodeScalarView()
        while position < scalars.count {
            let scalar = scalars[position]
            let isStart = scalar.properties.isAlphabetic || scalar == "_" || scalar == ":"
            let isPart = isStart || scalar.properties.numericType != nil || scalar == "." || scalar == "-"
            guard name.isEmpty ? isStart : isPart else { break }
            name.append(scalar)
            position += 1
        }
        return name.isEmpty ? nil : String(name)
    }

    /// Skips XML white space; returns whether there was any.
    @discardableResult
    private mutating func skipWhitespace() -> Bool {
        let start = position
        while position < scalars.count, [" ", "\t", "\n", "\r"].contains(scalars[position]) {
            position += 1
        }
        return position > start
    }

    /// Skips to just past `terminator`.
    private mutating func skip(past terminator: String, from start: Int, opener: Int, what: String) throws(MarkupError)
    {
        position += opener
        while !hasPrefix(terminator) {
            guard position < scalars.count else {
                throw malformed("the \(what) is never closed with '\(terminator)'", at: start)
            }
            position += 1
        }
        position += terminator.unicodeScalars.count
    }

    /// Whether the markup continues with `prefix` at the current position.
    private func hasPrefix(_ prefix: String) -> Bool {
        var index = position
        for scalar in prefix.unicodeScalars {
            guard index < scalars.count, scalars[index] == scalar else { return false }
            index += 1
        }
        return true
    }
}
