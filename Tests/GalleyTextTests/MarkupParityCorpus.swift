// MarkupParityCorpus: the markup documents the parity test gives both Galley and libpango: every
// <span> attribute and convenience tag of Pango 1.50's markup reference, valid and invalid values.

/// One document of the parity corpus.
struct ParityDocument: CustomStringConvertible, Sendable {
    /// A short unique name (the key of `knownDifferences`).
    let name: String
    /// The markup.
    let markup: String
    /// Whether the corpus means it as invalid (Pango's verdict is what is compared; this only
    /// keeps the corpus balanced).
    let invalid: Bool

    init(_ name: String, _ markup: String, invalid: Bool = false) {
        self.name = name
        self.markup = markup
        self.invalid = invalid
    }

    var description: String { name }
}

enum MarkupParityCorpus {
    static let documents: [ParityDocument] =
        syntax + fonts + sizes + weightsAndStyles + variantsAndStretches
        + colors + lines + shifts + layoutAttributes + edgeSpellings + invalidValues + invalidSyntax

    static let syntax: [ParityDocument] = [
        .init("plain", "Hello, world"),
        .init("entities", "a &amp; b &lt;c&gt; &quot;d&quot; &apos;e&apos; &#65;&#x263A;"),
        .init("markup-root", "<markup>Hi <b>there</b></markup>"),
        .init("unicode-offsets", "h\u{E9}llo \u{1F600} <b>w\u{F6}rld \u{1F44B}</b> \u{4E2D}<i>\u{6587}</i>"),
        .init("comment", "a<!-- hidden --><b>b</b>c"),
        .init("nested-b-i", "<b>a<i>b</i>c</b>d"),
        .init("tag-b", "x<b>bold</b>y"),
        .init("tag-i", "x<i>italic</i>y"),
        .init("tag-u", "x<u>under</u>y"),
        .init("tag-s", "x<s>struck</s>y"),
        .init("tag-tt", "x<tt>mono</tt>y"),
        .init("tag-big", "x<big>big</big>y"),
        .init("tag-small", "x<small>small</small>y"),
        .init("tag-sup", "x<sup>2</sup>y"),
        .init("tag-sub", "H<sub>2</sub>O"),
        .init("sup-sup", "e<sup>x<sup>2</sup></sup>"),
        .init("sup-sub", "a<sup>b<sub>c</sub></sup>"),
        .init("big-big", "<big><big>x</big></big>"),
        .init("big-small", "<big>a<small>b</small></big>"),
        .init("small-small-small", "<small><small><small>tiny</small></small></small>"),
        .init("hyphenated-names", "<span font-weight=\"bold\" font-style=\"italic\">x</span>"),
        .init("empty-span", "a<span>b</span>c"),
        .init("empty-document", ""),
        .init("empty-element", "<b></b>"),
        .init("newlines", "line 1\n<i>line</i> 2\n"),
        .init("cdata", "a<![CDATA[x<y]]>b"),
        .init("processing-instruction", "a<?pi x?>b"),
        .init("nested-markup-root", "<markup><markup>x</markup></markup>"),
        .init("adjacent-equal-spans", "a<span font_features=\"smcp\">b</span><span font_features=\"smcp\">c</span>"),
    ]

    static let fonts: [ParityDocument] = [
        .init("font-bold-16", "<span font=\"DejaVu Sans Bold 16\">x</span>"),
        .init("font-desc-serif-italic", "<span font_desc=\"DejaVu Serif Italic 10\">x</span>"),
        .init("font-family-only", "<span font=\"DejaVu Sans Mono\">x</span>"),
        .init("font-alias-sans", "<span font=\"Sans Italic 12\">x</span>"),
        .init("font-variation", "<span font=\"Inter 14 @wght=600\">x</span>"),
        .init("font-condensed", "<span font=\"DejaVu Sans Condensed 11\">x</span>"),
        .init("font-light-oblique", "<span font=\"DejaVu Sans Light Oblique 9\">x</span>"),
        .init("font-then-weight", "<span font=\"DejaVu Sans 10\" weight=\"bold\">x</span>"),
        .init("font-family", "<span font_family=\"DejaVu Serif\">x</span>"),
        .init("face", "<span face=\"Inter\">x</span>"),
        .init("face-times", "<span face=\"Times\">x</span>"),
        .init("font-features", "<span font_features=\"smcp, -liga\">x</span>"),
        .init("font-desc-then-family", "<span font_family=\"DejaVu Serif\" font_desc=\"DejaVu Sans 20\">x</span>"),
        .init("font-pixels", "<span font=\"DejaVu Sans 16px\">x</span>"),
        .init("font-family-list", "<span font=\"DejaVu Sans, DejaVu Serif 14\">x</span>"),
        .init("face-family-list", "<span face=\"DejaVu Serif,DejaVu Sans\">x</span>"),
        .init("font-empty", "<span font=\"\">x</span>"),
        .init("font-variant-synonym", "<span font_variant=\"small-caps\">x</span>"),
        .init("font-stretch-synonym", "<span font_stretch=\"condensed\">x</span>"),
        .init("font-features-nested", "<span font_features=\"tnum\">a<span font_features=\"dlig=1\">b</span></span>"),
    ]

    static let sizes: [ParityDocument] = [
        .init("size-points", "<span size=\"16pt\">x</span>"),
        .init("size-points-decimal", "<span size=\"12.5pt\">x</span>"),
        .init("size-1024ths", "<span size=\"20480\">x</span>"),
        .init("size-small-integer", "<span size=\"1000\">x</span>"),
        .init("size-percent", "<span size=\"150%\">x</span>"),
        .init("size-xx-small", "<span size=\"xx-small\">x</span>"),
        .init("size-x-small", "<span size=\"x-small\">x</span>"),
        .init("size-small", "<span size=\"small\">x</span>"),
        .init("size-medium", "<span size=\"medium\">x</span>"),
        .init("size-large", "<span size=\"large\">x</span>"),
        .init("size-x-large", "<span size=\"x-large\">x</span>"),
        .init("size-xx-large", "<span size=\"xx-large\">x</span>"),
        .init("size-smaller", "<span size=\"smaller\">x</span>"),
        .init("size-larger-nested", "<span size=\"x-large\">a<span size=\"larger\">b</span></span>"),
        .init("size-keyword-in-absolute", "<span size=\"20480\">a<span size=\"large\">b</span></span>"),
        .init("size-percent-in-absolute", "<span size=\"20480\">a<span size=\"150%\">b</span></span>"),
        .init("size-absolute-in-percent", "<span size=\"150%\">a<span size=\"20480\">b</span></span>"),
        .init("size-absolute-in-big", "<big>a<span size=\"20480\">b</span></big>"),
        .init("small-in-x-large", "<span size=\"x-large\">a<small>b</small></span>"),
        .init("font-size-synonym", "<span font_size=\"10pt\">x</span>"),
    ]

    static let weightsAndStyles: [ParityDocument] = [
        .init("style-normal-in-i", "<i>a<span style=\"normal\">b</span></i>"),
        .init("style-italic", "<span style=\"italic\">x</span>"),
        .init("style-oblique", "<span font_style=\"oblique\">x</span>"),
        .init("weight-thin", "<span face=\"Inter\" weight=\"thin\">x</span>"),
        .init("weight-ultralight", "<span face=\"Inter\" weight=\"ultralight\">x</span>"),
        .init("weight-light", "<span face=\"Inter\" weight=\"light\">x</span>"),
        .init("weight-semilight", "<span face=\"Inter\" weight=\"semilight\">x</span>"),
        .init("weight-book", "<span face=\"Inter\" weight=\"book\">x</span>"),
        .init("weight-normal", "<b><span weight=\"normal\">x</span></b>"),
        .init("weight-medium", "<span face=\"Inter\" weight=\"medium\">x</span>"),
        .init("weight-semibold", "<span face=\"Inter\" weight=\"semibold\">x</span>"),
        .init("weight-bold", "<span font_weight=\"bold\">x</span>"),
        .init("weight-ultrabold", "<span face=\"Inter\" weight=\"ultrabold\">x</span>"),
        .init("weight-heavy", "<span face=\"Inter\" weight=\"heavy\">x</span>"),
        .init("weight-ultraheavy", "<span face=\"Inter\" weight=\"ultraheavy\">x</span>"),
        .init("weight-700", "<span weight=\"700\">x</span>"),
        .init("weight-semibold-dejavu", "<span weight=\"semibold\">x</span>"),
        .init("weight-capitalised", "<span weight=\"Bold\" style=\"Italic\">x</span>"),
        .init("weight-zero", "<span weight=\"0\">x</span>"),
        .init("weight-1001", "<span weight=\"1001\">x</span>"),
        .init("weight-450-inter", "<span face=\"Inter\" weight=\"450\">x</span>"),
    ]

    static let variantsAndStretches: [ParityDocument] =
        ["normal", "small-caps", "all-small-caps", "petite-caps", "all-petite-caps", "unicase", "title-caps"].map {
            .init("variant-\($0)", "<span variant=\"\($0)\">Abc</span>")
        }
        + [
            "ultra-condensed", "extra-condensed", "condensed", "semi-condensed", "normal", "semi-expanded", "expanded",
            "extra-expanded", "ultra-expanded",
        ].map { .init("stretch-\($0)", "<span stretch=\"\($0)\">x</span>") }

    static let colors: [ParityDocument] = [
        .init("foreground-name", "<span foreground=\"red\">x</span>"),
        .init("foreground-hex", "<span foreground=\"#00ff00\">x</span>"),
        .init("fgcolor-short-hex", "<span fgcolor=\"#00f\">x</span>"),
        .init("color-rgba", "<span color=\"#0000ff80\">x</span>"),
        .init("color-name-spaces", "<span color=\"Steel Blue\">x</span>"),
        .init("fgalpha-percent", "<span fgalpha=\"50%\">x</span>"),
        .init("alpha-number", "<span foreground=\"blue\" alpha=\"32768\">x</span>"),
        .init("background", "<span background=\"yellow\">x</span>"),
        .init("color-uppercase-name", "<span color=\"RED\">x</span>"),
        .init("alpha-outside-color", "<span alpha=\"50%\">a<span foreground=\"red\">b</span></span>"),
        .init("bgalpha-without-background", "<span bgalpha=\"50%\">x</span>"),
        .init("bgalpha-outside-background", "<span bgalpha=\"50%\">a<span background=\"red\">b</span></span>"),
        .init("alpha-100-percent", "<span color=\"red\" alpha=\"100%\">x</span>"),
        .init("background-alpha-synonym", "<span background=\"red\" background_alpha=\"50%\">x</span>"),
        .init("bgcolor-bgalpha", "<span bgcolor=\"#336699\" bgalpha=\"25%\">x</span>"),
    ]

    static let lines: [ParityDocument] = [
        .init("underline-none-in-u", "<u>a<span underline=\"none\">b</span></u>"),
        .init("underline-single", "<span underline=\"single\">x</span>"),
        .init("underline-double", "<span underline=\"double\">x</span>"),
        .init("underline-low", "<span underline=\"low\">x</span>"),
        .init("underline-error", "<span underline=\"error\">x</span>"),
        .init("underline-single-line", "<span underline=\"single-line\">x</span>"),
        .init(
            "underline-color-kept-inside",
            "<span underline=\"double\" underline_color=\"blue\">a<span underline=\"single\">b</span></span>"),
        .init("underline-color", "<span underline=\"single\" underline_color=\"#ff0000\">x</span>"),
        .init("overline-single", "<span overline=\"single\">x</span>"),
        .init("overline-color", "<span overline=\"single\" overline_color=\"green\">x</span>"),
        .init("strikethrough-true", "<span strikethrough=\"true\">x</span>"),
        .init("strikethrough-false-in-s", "<s>a<span strikethrough=\"false\">b</span></s>"),
        .init("strikethrough-color", "<span strikethrough=\"yes\" strikethrough_color=\"#0f0\">x</span>"),
    ]

    static let shifts: [ParityDocument] = [
        .init("rise-units", "<span rise=\"5000\">x</span>"),
        .init("rise-points-negative", "<span rise=\"-3pt\">x</span>"),
        .init("rise-decimal-points", "<span rise=\"2.5pt\">x</span>"),
        .init("rise-with-sup", "<span rise=\"2048\">a<sup>b</sup></span>"),
        .init("rise-nested-innermost", "<span rise=\"2048\">a<span rise=\"1024\">b</span></span>"),
        .init("baseline-shift-points", "<span baseline_shift=\"3pt\">x</span>"),
        .init(
            "baseline-shift-nested",
            "<span rise=\"5pt\" baseline_shift=\"3pt\"><span baseline_shift=\"2pt\">x</span></span>"),
        .init("baseline-shift-superscript", "<span baseline_shift=\"superscript\">x</span>"),
        .init("baseline-shift-subscript", "<span baseline_shift=\"subscript\">x</span>"),
        .init("font-scale-superscript", "<span font_scale=\"superscript\">x</span>"),
        .init("font-scale-subscript", "<span font_scale=\"subscript\">x</span>"),
        .init("font-scale-small-caps", "<span font_scale=\"small-caps\">x</span>"),
        .init("letter-spacing", "<span letter_spacing=\"1024\">x</span>"),
        .init("letter-spacing-negative", "<span letter_spacing=\"-512\">x</span>"),
    ]

    static let layoutAttributes: [ParityDocument] = [
        .init("lang", "<span lang=\"de-CH\">x</span>"),
        .init("lang-empty", "<span lang=\"\">x</span>"),
        .init("lang-canonical", "<span lang=\"EN_us\">x</span>"),
        .init("lang-nested", "<span lang=\"tr\">a<span lang=\"az\">b</span></span>"),
        .init("fallback-false", "<span fallback=\"false\">x</span>"),
        .init("fallback-true", "<span fallback=\"true\">x</span>"),
        .init("gravity-east", "<span gravity=\"east\">x</span>"),
        .init("gravity-north-hint-strong", "<span gravity=\"north\" gravity_hint=\"strong\">x</span>"),
        .init("gravity-west-hint-line", "<span gravity=\"west\" gravity_hint=\"line\">x</span>"),
        .init("gravity-hint-natural", "<span gravity_hint=\"natural\">x</span>"),
        .init("insert-hyphens", "<span insert_hyphens=\"no\">x</span>"),
        .init("allow-breaks", "<span allow_breaks=\"false\">a b</span>"),
        .init("show-spaces", "<span show=\"spaces\">a b</span>"),
        .init("show-line-breaks", "<span show=\"line-breaks\">a b</span>"),
        .init("show-ignorables", "<span show=\"ignorables\">a\u{AD}b</span>"),
        .init("show-all", "<span show=\"spaces|line-breaks|ignorables\">a b</span>"),
        .init("show-none", "<span show=\"none\">a b</span>"),
        .init("line-height-factor", "<span line_height=\"1.5\">x</span>"),
        .init("line-height-absolute", "<span line_height=\"20480\">x</span>"),
        .init("line-height-half", "<span line_height=\"0.5\">x</span>"),
        .init("line-height-1024-is-a-factor", "<span line_height=\"1024\">x</span>"),
        .init("line-height-1025-is-absolute", "<span line_height=\"1025\">x</span>"),
        .init("line-height-points-suffix", "<span line_height=\"20pt\">x</span>"),
        .init("line-height-not-a-number", "<span line_height=\"tall\">x</span>"),
        .init("text-transform-uppercase", "<span text_transform=\"uppercase\">Abc</span>"),
        .init("text-transform-lowercase", "<span text_transform=\"lowercase\">Abc</span>"),
        .init("text-transform-capitalize", "<span text_transform=\"capitalize\">abc def</span>"),
        .init("text-transform-none", "<span text_transform=\"none\">Abc</span>"),
        .init("segment-word", "<span segment=\"word\">ab</span>cd"),
        .init("segment-sentence", "<span segment=\"sentence\">A b.</span> C"),
    ]

    /// Spellings at the edges of each value syntax: case, signs, spaces, exponents, limits.
    static let edgeSpellings: [ParityDocument] = [
        .init("font-features-empty", "<span font_features=\"\">x</span>"),
        .init("rise-plus-sign", "<span rise=\"+1024\">x</span>"),
        .init("rise-negative-half-point", "<span rise=\"-0.5pt\">x</span>"),
        .init("size-leading-space", "<span size=\" 12pt\">x</span>"),
        .init("size-exponent-points", "<span size=\"1.5e1pt\">x</span>"),
        .init("size-1024", "<span size=\"1024\">x</span>"),
        .init("size-100-percent", "<span size=\"100%\">x</span>"),
        .init("baseline-shift-1024", "<span baseline_shift=\"1024\">x</span>"),
        .init("baseline-shift-512", "<span baseline_shift=\"512\">x</span>"),
        .init("style-uppercase", "<span style=\"ITALIC\">x</span>"),
        .init("alpha-1", "<span alpha=\"1\">x</span>"),
        .init("letter-spacing-minus-zero", "<span letter_spacing=\"-0\">x</span>"),
        .init("u-u", "<u>a<u>b</u></u>"),
        .init("bad-rise-decimal-without-pt", "<span rise=\"5.5\">x</span>", invalid: true),
        .init("bad-weight-leading-space", "<span weight=\" bold\">x</span>", invalid: true),
        .init("bad-weight-negative", "<span weight=\"-5\">x</span>", invalid: true),
        .init("bad-size-space-before-pt", "<span size=\"12 pt\">x</span>", invalid: true),
        .init("bad-size-zero-percent", "<span size=\"0%\">x</span>", invalid: true),
        .init("bad-strikethrough-uppercase", "<span strikethrough=\"T\">x</span>", invalid: true),
        .init("bad-allow-breaks-uppercase", "<span allow_breaks=\"TRUE\">x</span>", invalid: true),
        .init("bad-underline-capitalised", "<span underline=\"Single\">x</span>", invalid: true),
        .init("bad-alpha-65536", "<span alpha=\"65536\">x</span>", invalid: true),
        .init("bad-fgalpha-zero-percent", "<span fgalpha=\"0%\">x</span>", invalid: true),
        .init("bad-show-trailing-bar", "<span show=\"spaces|\">x</span>", invalid: true),
        .init("bad-gravity-capitalised", "<span gravity=\"South\">x</span>", invalid: true),
        .init("bad-synonyms-twice", "<span foreground=\"red\" fgcolor=\"blue\">x</span>", invalid: true),
    ]

    static let invalidValues: [ParityDocument] = [
        .init("bad-size", "<span size=\"big\">x</span>", invalid: true),
        .init("bad-size-decimal-without-pt", "<span size=\"12.5\">x</span>", invalid: true),
        .init("bad-size-zero", "<span size=\"0\">x</span>", invalid: true),
        .init("bad-size-negative", "<span size=\"-5\">x</span>", invalid: true),
        .init("bad-weight", "<span weight=\"bogus\">x</span>", invalid: true),
        .init("bad-style", "<span style=\"slanted\">x</span>", invalid: true),
        .init("bad-variant", "<span variant=\"tiny\">x</span>", invalid: true),
        .init("bad-stretch", "<span stretch=\"squished\">x</span>", invalid: true),
        .init("bad-foreground", "<span foreground=\"notacolor\">x</span>", invalid: true),
        .init("bad-alpha-zero", "<span alpha=\"0\">x</span>", invalid: true),
        .init("bad-alpha-percent", "<span alpha=\"150%\">x</span>", invalid: true),
        .init("bad-underline", "<span underline=\"triple\">x</span>", invalid: true),
        .init("bad-underline-color-alpha", "<span underline_color=\"#ff000080\">x</span>", invalid: true),
        .init("bad-foreground-five-digits", "<span foreground=\"#12345\">x</span>", invalid: true),
        .init("bad-strikethrough-style", "<span strikethrough=\"double\">x</span>", invalid: true),
        .init("bad-letter-spacing-decimal", "<span letter_spacing=\"1.5\">x</span>", invalid: true),
        .init("bad-overline", "<span overline=\"double\">x</span>", invalid: true),
        .init("bad-strikethrough", "<span strikethrough=\"maybe\">x</span>", invalid: true),
        .init("bad-rise", "<span rise=\"high\">x</span>", invalid: true),
        .init("bad-letter-spacing-huge", "<span letter_spacing=\"9999999999999\">x</span>", invalid: true),
        .init("bad-baseline-shift", "<span baseline_shift=\"up\">x</span>", invalid: true),
        .init("bad-font-scale", "<span font_scale=\"huge\">x</span>", invalid: true),
        .init("bad-gravity", "<span gravity=\"auto\">x</span>", invalid: true),
        .init("bad-gravity-hint", "<span gravity_hint=\"weak\">x</span>", invalid: true),
        .init("bad-allow-breaks", "<span allow_breaks=\"1\">x</span>", invalid: true),
        .init("bad-insert-hyphens", "<span insert_hyphens=\"perhaps\">x</span>", invalid: true),
        .init("bad-fallback", "<span fallback=\"nope\">x</span>", invalid: true),
        .init("bad-show", "<span show=\"everything\">x</span>", invalid: true),
        .init("bad-text-transform", "<span text_transform=\"sideways\">x</span>", invalid: true),
        .init("bad-segment", "<span segment=\"paragraph\">x</span>", invalid: true),
    ]

    static let invalidSyntax: [ParityDocument] = [
        .init("unknown-attribute", "<span foo=\"1\">x</span>", invalid: true),
        .init("attribute-on-b", "<b foo=\"1\">x</b>", invalid: true),
        .init("duplicate-attribute", "<span weight=\"bold\" weight=\"light\">x</span>", invalid: true),
        .init("unknown-element", "<foo>x</foo>", invalid: true),
        .init("bad-nesting", "<b>x</i>", invalid: true),
        .init("unclosed", "<b>x", invalid: true),
        .init("unknown-entity", "a &bogus; b", invalid: true),
        .init("bad-character-reference", "a&#0;b", invalid: true),
    ]
}
