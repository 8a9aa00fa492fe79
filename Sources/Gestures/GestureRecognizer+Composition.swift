extension GestureRecognizer {
    /// Both run on every frame (`simultaneousGesture`).
    public func simultaneously<Other: GestureRecognizer>(with other: Other) -> SimultaneousGesture<Self, Other> {
        SimultaneousGesture(self, other)
    }
    /// `self` has precedence; `other` only if `self` fails.
    public func exclusively<Other: GestureRecognizer>(before other: Other) -> ExclusiveGesture<Self, Other> {
        ExclusiveGesture(self, other)
    }
    /// `other` starts once `self` is recognized.
    public func sequenced<Other: GestureRecognizer>(before other: Other) -> SequencedGesture<Self, Other> {
        SequencedGesture(self, other)
    }
}
