// The help and version texts of the `galley` tool.

/// Texts that `galley --help` and `galley --version` print.
enum Usage {
    static let version = "galley 0.1.0"

    static let text = """
    usage: galley render [options] [FILE|-]   lay out text and write an image (-o out.png|out.ppm|-)
           galley layout [options] [FILE|-]   print the laid-out frame as JSON
           galley help | --help | --version

    Input is FILE, standard input ("-" or no FILE), or --text STRING; it must be UTF-8.

    options:
      --font FILE|FAMILY     font file (.ttf/.otf/.ttc or a path with '/') or family name
                             (default "DejaVu Sans")
      --size PT              font size in points (default 12)
      --width PX             frame width (default 400)
      --height PX            frame height (default: as tall as the text needs)
      --align A              left, right, center, justify or natural (default natural)
      --wrap W               word or char (default word)
      --direction D          ltr, rtl or auto: the base direction (default auto: first strong character)
      --color COLOR          text colour: #rgb, #rrggbb, #rrggbbaa or a CSS name (default black)
      --background COLOR     canvas colour (default white)
      --margin M             canvas margin around the frame: PX, or T,R,B,L as in CSS (default 10)
      --scale N              pixels per point when rendering (default 1)
      --text STRING          lay out STRING instead of reading a file
      --markup               the input is Pango-style markup (<b>, <i>, <span …>, <img src=…/>)
      -o, --output FILE      output: .png or .ppm for render ("-" = PPM on standard output);
                             JSON for layout (default standard output)
      -h, --help             show this help

    Options take "--key value" or "--key=value"; "--" ends the options.
    Errors print one line on standard error and exit with status 2.
    """
}
