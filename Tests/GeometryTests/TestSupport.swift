import Testing
@testable import Geometry

func close(_ a: Double, _ b: Double, _ eps: Double = 1e-9) -> Bool { abs(a - b) <= eps }
func close(_ a: Point, _ b: Point, _ eps: Double = 1e-9) -> Bool { close(a.x, b.x, eps) && close(a.y, b.y, eps) }
func close(_ a: Rect, _ b: Rect, _ eps: Double = 1e-9) -> Bool {
    close(a.minX, b.minX, eps) && close(a.minY, b.minY, eps) && close(a.maxX, b.maxX, eps) && close(a.maxY, b.maxY, eps)
}
func close(_ a: AffineTransform, _ b: AffineTransform, _ eps: Double = 1e-9) -> Bool {
    close(a.a, b.a, eps) && close(a.b, b.b, eps) && close(a.c, b.c, eps) && close(a.d, b.d, eps)
        && close(a.tx, b.tx, eps) && close(a.ty, b.ty, eps)
}
