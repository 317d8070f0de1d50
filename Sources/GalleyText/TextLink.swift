// TextLink: where a link in the text goes, a URL or a string, as NSLinkAttributeName allows;
// stored as the custom attribute "NSLink" so it rides on runs like any other custom attribute.

import Foundation

/// A link's target: a URL or a string. Like the value of `NSLinkAttributeName` (`NSURL` or
/// `NSString`), and of `AttributeScopes.FoundationAttributes.LinkAttribute` (a `URL`).
public enum TextLink: Sendable, Hashable, CustomStringConvertible {
    /// A URL (`NSURL`).
    case url(URL)
    /// A string (`NSString`), not necessarily a valid URL.
    case string(String)

    /// The name of the custom attribute links are stored under: `"NSLink"`, the raw value of
    /// `NSAttributedString.Key.link`.
    public static let attributeName = "NSLink"

    /// The target as a URL: the URL itself, or the string read as one (nil when it is not one).
    public var url: URL? {
        switch self {
        case .url(let url): url
        case .string(let string): URL(string: string)
        }
    }

    /// The target as text: the URL's absolute string, or the string.
    public var absoluteString: String {
        switch self {
        case .url(let url): url.absoluteString
        case .string(let string): string
        }
    }

    /// ``absoluteString``.
    public var description: String { absoluteString }

    /// The link a custom value stands for: a `URL`, a `String` or a `TextLink`; nil otherwise.
    public init?(_ value: CustomAttributeValue) {
        if let link = value.value(as: TextLink.self) {
            self = link
        } else if let url = value.value(as: URL.self) {
            self = .url(url)
        } else if let string = value.value(as: String.self) {
            self = .string(string)
        } else {
            return nil
        }
    }

    /// The value stored under ``attributeName``: the `URL` or the `String` itself, as iOS code
    /// stores it.
    var customValue: CustomAttributeValue {
        switch self {
        case .url(let url): CustomAttributeValue(url)
        case .string(let string): CustomAttributeValue(string)
        }
    }
}
