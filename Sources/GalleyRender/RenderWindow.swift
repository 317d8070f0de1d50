// Where a renderer's bitmap lies on a larger device: a GraphicsContext converts only the pixels
// a paint list touches into a Bitmap, and the renderer maps points to the whole device's pixels
// before moving them into that window, so what it draws is what drawing the whole device draws.
import Foundation

/// A window of `bitmap`-sized pixels whose top-left pixel is (`x`, `y`) on a device of
/// `deviceWidth` × `deviceHeight` pixels.
struct RenderWindow: Sendable, Hashable {
    var x: Int
    var y: Int
    var deviceWidth: Int
    var deviceHeight: Int
}
