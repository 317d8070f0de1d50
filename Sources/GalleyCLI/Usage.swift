// The help and version texts of the `galley` tool: an overview and one page per command, with examples.

/// Texts that `galley --help`, `galley COMMAND --help` and `galley --version` print.
enum Usage {
    static let version = "galley 0.2.0"

    /// The overview (`topic` nil) or one command's page.
    static func help(for topic: String?) -> String {
        switch topic {
        case "render": return render
        case "layout": return layout
        case "shape": return shape
        case "fonts": return fonts
        default: return overview
        }
    }

    static let overview = """
        usage: galley render [options] [FILE|-] -o OUT   lay out text and write an image (.png, .jpg, .webp, .ppm, .svg, .pdf or .ps)
               galley layout [options] [FILE|-]          print the laid-out frame as JSON
               galley shape  [options] [FILE|-]          print the glyphs of each line, like hb-shape
               galley fonts [--json]                     list font families and the file each resolves to
               galley help [COMMAND] | COMMAND --help | --version

        Input is FILE, standard input ("-" or no FILE), or --text STRING; it must be UTF-8.
        Options take "--key value" or "--key=value"; "--" ends the options.

        Exit status: 0 on success; 2 for a problem with the command line or its inputs (an unknown
        option or bad value, a missing, unreadable, oversized or malformed file, an unknown font, an
        output that cannot be written where asked or that is one of the run's input files); 1 when
        good input could not be turned into output (PNG encoding failed, or writing the output failed
        midway: disk full, file too large, I/O error). Either way one line on standard error
        ("galley: ..."); --batch adds one line per failing file, in file-name order. An output file is
        written to a temporary file beside it and renamed into place, so a failure never leaves a
        partial one, and it is never one of the inputs (text, markup, font, image), however named.

        Limits: text or markup input 4 MiB; font files 256 MiB; markup nesting 256 elements; lengths
        1 000 000 points; --scale 64; images at most 16 384 pixels a side and 64 Mi pixels in all.

        examples:
          galley render --text "Hello, world" --font "DejaVu Sans Bold 16" -o hello.png
          galley render --markup --width 300 -o page.svg notes.txt
          galley shape --text "office" --font "DejaVu Serif 12"
          galley fonts

        Run 'galley COMMAND --help' for a command's options.
        """

    static let fontOption = """
          --font DESC|FILE       a Pango font description "[FAMILIES] [STYLE…] [SIZE]" such as
                                 "DejaVu Sans Bold 16", "Sans Italic 12", "Times 11" or
                                 "DejaVu Serif,Noto Sans Arabic 10" (the first known family is used, the
                                 rest become the fallback list; style words: Thin Light Book Regular
                                 Medium Semi-Bold Bold Heavy Black, Italic Oblique, Condensed Expanded …;
                                 Sans, Serif, Monospace, system-ui and Emoji mean the bundled families;
                                 other names resolve through fontconfig as fc-match does, e.g. Times,
                                 Helvetica; an unknown family becomes "DejaVu Sans" with a warning),
                                 or a font file (.ttf/.otf/.ttc/.woff/.woff2, or any path with '/'): one that
                                 is not bundled or a system font passes the OpenType Sanitizer first, and a
                                 font it refuses is an error (status 2)  (default "DejaVu Sans")
          --size PT              font size in points (default 12; a size in --font sets it too)
          --strict-fonts         an unknown font family is an error (status 2) instead of a warning
          --trust-font-file      load the --font FILE as it is, without the sanitizer (only for files
                                 from a source you trust)
        """

    static let layoutOptions = """
        \(fontOption)
          --width PT             frame width (default 400; vertical writing: as wide as the columns need)
          --height PT            frame height (default: as tall as the text needs; vertical writing:
                                 the column length, default 400)
          --align A              left, right, center, justify or natural (default natural)
          --justify              the same as --align justify
          --wrap W               word, char or none (none: one line per paragraph, clipped)
          --line-breaking S      greedy (default, as CoreText), optimal (Knuth–Plass total fit, as TeX),
                                 balanced (greedy's line count, lines of equal length) or pretty
                                 (greedy, but no lone short word on a paragraph's last line)
          --hyphenate            hyphenate words from the dictionary of the text's language (--lang or
                                 markup's lang); soft hyphens (U+00AD) always break with a hyphen
          --lang TAG             the BCP 47 language of the whole text (en, en-GB, de, fr, …), for
                                 hyphenation, shaping and line breaking; markup's lang wins in a span
          --text-spacing-trim T  CJK punctuation trimming, CSS's text-spacing-trim: space-all, normal,
                                 space-first, trim-start, trim-both or trim-all (default: normal for
                                 --lang ja or zh, else space-all, as CoreText)
          --text-autospace A     1/8 em between ideographs and Latin letters or digits, CSS's
                                 text-autospace: no-autospace, normal, ideograph-alpha or
                                 ideograph-numeric (default: normal for --lang ja or zh, else none)
          --indent PX            like pango-view: positive indents each paragraph's first line,
                                 negative gives a hanging indent (other lines indented by -PX)
          --line-height MULT     line-height multiple (1.5: half as tall again; CoreText's lineHeightMultiple)
          --line-spacing PX      points added to the leading below each line (may be negative)
          --paragraph-spacing PX points between paragraphs
          --tabs STOPS           tab stops: comma-separated locations, each with an optional alignment
                                 letter L, R, C or D (decimal), e.g. L100,R200,C300,D400
          --max-lines N          at most N lines (0: no limit); the last is truncated with "…"
          --fit-lines N          fit the box (--width, and --height if given) in at most N lines
                                 (0: any number) at the largest size from --size down to --min-size
                                 in 1 pt steps, truncated at --min-size if it still does not fit
          --min-size PT          the smallest size --fit-lines may choose (default: --size / 2)
          --ellipsize E          start, middle, end or none: with --max-lines or --height, how the last
                                 line is truncated (default end with --max-lines); without them, each
                                 paragraph becomes one line truncated at its start, middle or end
          --path SHAPE           the frame's shape in the width × height box: rect, rounded:R, ellipse
                                 or polygon:X1,Y1,X2,Y2,… (points, y up from the box's bottom-left);
                                 without --height (vertical writing: --width) a shaped box is square
          --exclude SHAPE        an area lines flow around (repeatable): rect:X,Y,W,H,
                                 rounded:X,Y,W,H,R, ellipse:X,Y,W,H or polygon:X1,Y1,…
          --direction D          ltr, rtl or auto: the base direction (default auto: first strong character)
          --writing-mode M       horizontal-tb (default), vertical-rl or vertical-lr (CSS names): vertical
                                 columns stacked from the right or the left, --height long (default
                                 400), in a frame --width wide or as wide as the columns need
          --text-orientation O   mixed (default), upright or sideways: how characters stand in columns
          --color, --foreground COLOR
                                 text colour: #rgb, #rgba, #rrggbb, #rrggbbaa or a CSS name (default black)
          --background COLOR     canvas colour (default white; "transparent" for none in PNG)
          --margin M             canvas margin around the frame: PT, or T,R,B,L as in CSS (default 10)
          --text STRING          lay out STRING instead of reading a file
          --markup               the input is Pango-style markup (<b>, <i>, <span …>, <img src=…/>)
        """

    static let render = """
        usage: galley render [options] [FILE|-] -o OUT

        Lays out the text in a frame and draws it, anti-aliased, text as dark as pango-cairo draws it.

        options:
        \(layoutOptions)
          --scale N              pixels per point (default 1; 2 for a dense display); not for SVG,
                                 PDF or PostScript, which are in points
          --hinting H            none, light or full (default light: horizontal edges on pixel rows,
                                 as fontconfig's hintslight; none: outlines exactly as laid out)
          --subpixel-positions S on (default: glyphs at 1/4-pixel x positions) or off (whole pixels,
                                 as cairo < 1.17.4 draws; always with --hinting full or
                                 --antialias none, whose stems sit on pixel columns)
          --text-blending B      platform (default: glyph edges blended in sRGB as cairo, GTK and
                                 pango-view do, so text has their weight) or linear (in linear
                                 light: thinner dark-on-light text, heavier light-on-dark; for
                                 linear-light pipelines); fills and images are linear either way
          --antialias A          gray (default) or none (each pixel inked or not, as
                                 pango-view --antialias=none)
          --rotate DEG           the whole drawing turned DEG degrees counter-clockwise, the canvas
                                 the turned content's bounding box plus the margins (pango-view's
                                 --rotate); every format, text in PDF still searchable
          --annotate             line boxes, baselines, run boundaries, ink rects, placeholder
                                 rects and ruby boxes over the text, each in its colour, with a legend
          --waterfall            the text at 8, 12, … 48 points, one under another (pango-view's)
          -o, --output OUT       the image file; "-" writes to standard output (PPM unless --format)
          --format F             ppm, png, jpg, webp, svg, pdf or ps (default: from OUT's extension)
          --batch DIR            render every .txt and .markup file of DIR into the folder -o names,
                                 in parallel, each with the options in DIR/NAME.flags if present
                                 (split at spaces, as 'make demo' does) and --markup for .markup files;
                                 the same files as rendering each alone; one error line per failing
                                 file in name order (and a progress line on a terminal); refused
                                 before anything is written when two inputs would write one output
                                 or an existing output is a file some input reads
          -h, --help             show this help

        SVG output draws glyph outlines as paths in points; placeholders reference their image files.
        PDF and PostScript output (through cairo) keep text as text, in embedded subset fonts, so it
        can be searched and copied; a page is the canvas in points, at most 14400 pt (200 inches) a
        side. With --height (and neither --max-lines nor --ellipsize), text that does not fit
        continues on further pages, each a frame of the same size (in vertical writing: with --width).

        examples:
          galley render --text "Hello" --font "DejaVu Sans 24" -o hello.png
          echo "Piped text" | galley render --width 200 -o - > out.ppm
          galley render --markup --text '<b>bold</b> and <span foreground="red">red</span>' -o m.svg
          galley render --width 450 --height 700 --margin 72 -o book.pdf chapter.txt
          galley render --font Fonts/NotoSansArabic-Regular.ttf --size 20 --text "مرحبا" -o ar.png
          galley render --scale 2 --hinting light --background "#202020" --foreground white -o dark.png in.txt
          galley render --width 300 --justify --indent 20 --max-lines 5 -o para.png in.txt
          galley render --tabs L100,R200,D300 --text "$(printf 'a\\tb\\t1.5')" -o tabs.png
          galley render --path ellipse --height 300 --exclude rect:150,100,100,100 -o shape.png in.txt
          galley render --batch samples -o out
        """

    static let layout = """
        usage: galley layout [options] [FILE|-]

        Lays out the text and prints the frame as JSON: lines, origins, runs, glyphs and positions
        (CoreText coordinates, y up, in points; ranges as [location, length] in UTF-16 units).

        options:
        \(layoutOptions)
          -o, --output FILE      write the JSON to FILE (default standard output)
          --attributes           also list the text's attribute runs in Pango's terms: a top-level
                                 "attributes": [{"range": [loc, len], "pango": {"weight": "700", …}}]
          --batch DIR            lay out every .txt and .markup file of DIR into OUTDIR/NAME.json
                                 (-o OUTDIR), as render --batch does
          -h, --help             show this help

        examples:
          galley layout --text "Hello world" --width 60
          galley layout --font "DejaVu Sans Mono 10" --align justify notes.txt -o notes.json
          galley layout --max-lines 2 --ellipsize middle --width 120 --text "A long line to truncate"

        Each run names its font (PostScript name) and family, and requestedFamily when the font stands
        in for another name (Sans, Times, an unknown family); it also has baselineShift,
        isTruncationToken and the character attributes that are set
        (underline, strikethrough, backgroundColor, stroke, shadow, baselineOffset, superscript,
        tracking, fontFeatures, ligatureLevel, obliqueness, …); each line isTruncated,
        truncationTokenRange and placedMetrics (ascent, descent, leading after line-height rules).
        """

    static let shape = """
        usage: galley shape [options] [FILE|-]

        Shapes each paragraph as one unwrapped line and prints its glyphs in visual order, like
        'hb-shape --no-glyph-names': [gid=cluster@dx,dy+advance|…], advances and offsets in points,
        clusters as UTF-16 offsets. Fallback fonts are used where the font lacks a character.

        options:
        \(fontOption)
          --direction D          ltr, rtl or auto (default auto)
          --text STRING          shape STRING instead of reading a file
          --markup               the input is Pango-style markup
          --json                 one JSON array per line: {"g","cl","dx","dy","ax","ay","font"}
          -h, --help             show this help

        examples:
          galley shape --text "office" --font "DejaVu Serif 12"
          galley shape --json --font Fonts/NotoSansArabic-Regular.ttf --text "سلام"
        """

    static let fonts = """
        usage: galley fonts [--json]

        Lists every font family (bundled fonts, then the system's through fontconfig), one per
        line: FAMILY<TAB>FILE<TAB>bundled|system, FILE being the face that --font FAMILY resolves to.

        options:
          --json                 a JSON array of {"family","postScriptName","path","bundled"}
          -h, --help             show this help

        examples:
          galley fonts
          galley fonts | grep -i noto
        """
}
