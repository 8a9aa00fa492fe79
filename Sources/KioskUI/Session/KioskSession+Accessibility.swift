extension KioskSession {
    /// Turns accessibility options on or off; each takes effect at once (step-through moves
    /// the chart beside or above its list: `stepThroughChanged()`).
    public func setAccessibility(_ options: AccessibilityOptions) {
        guard options != accessibility else { return }
        let stepThroughWas = accessibility.stepThrough
        let lookWas = (accessibility.largeText, accessibility.lowReach)
        accessibility = options
        // Large text and low reach lay the chrome out again (`accessibilityLookChanged`).
        if (options.largeText, options.lowReach) != lookWas { accessibilityLookChanged() }
        if options.stepThrough != stepThroughWas { stepThroughChanged() }
        dirty = true
    }
}
