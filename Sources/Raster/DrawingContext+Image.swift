import Geometry

extension DrawingContext {
    /// Draws `image` (premultiplied) stretched into `rect` (user space) through the transform,
    /// bilinearly sampled like cairo's default filter with the edge texels extended (cairo's
    /// EXTEND_PAD, so the image keeps crisp edges), with anti-aliased edges, the clip and the
    /// blend mode. Drawing an image and filling with an image paint share one sampler.
    public func drawImage(_ image: Surface, in rect: Rect) {
        guard discardDepth == 0, image.width > 0, image.height > 0, !rect.isEmpty,
              rect.origin.isFinite, rect.size.width.isFinite, rect.size.height.isFinite else { return }
        if pendingLayers > 0 { materializeLayers() }
        let r = rect.standardized
        let imageToUser = AffineTransform(a: r.width / Double(image.width), b: 0, c: 0,
                                          d: r.height / Double(image.height), tx: r.minX, ty: r.minY)
        let det = imageToUser.concatenating(targetTransform).determinant
        guard det.isFinite, det != 0 else { return }
        var p = Path()
        p.addRect(r)
        fill(p, with: .image(ImagePattern(image: image, transform: imageToUser, extend: .pad)))
    }
}
