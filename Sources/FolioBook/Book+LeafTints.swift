extension Book {
    /// The unlit look's shadows between leaves in flight (docs/curl.md §8, "The unlit look"):
    /// each leaf's face that another leaf in flight lies over takes the tint the pages take.
    ///
    /// The pages lying flat take their tint from the leaf nearest them: the right page from
    /// the last leaf in the stack, the left page from the first (`showStacked`). A leaf's
    /// front is covered, on the trailing side, by the leaf before it in the stack, and its back,
    /// on the leading side, by the leaf after it — the same neighbours the book's tie order
    /// and the pages' tints use. The tint is the caster's own rule with the receiver's plane
    /// for the page's (``TurningLeaf/castShadow(onLeafAt:)``): a flip at φ over a leaf at ψ
    /// tints it `⅓·cos(φ − ψ)`, exactly the page's `⅓·cos φ` when ψ = 0.
    ///
    /// In the lit look (``isLit``) the renderer's cast shadows fall on the leaves instead, and
    /// with ``showsShadows`` off there are none: every tint is cleared. Called every frame:
    /// no allocation while the book shows the same leaves.
    func showLeafTints(count: Int) {
        let tinted = showsShadows && !isLit
        for i in 0..<count {
            let leaf = stack[i].leaf
            guard tinted, let angle = leaf.hingeAngle else {
                leaf.showTints(front: 0, back: 0)
                continue
            }
            let front = i > 0 ? stack[i - 1].leaf.castShadow(onLeafAt: angle).trailing : 0
            let back = i + 1 < count ? stack[i + 1].leaf.castShadow(onLeafAt: angle).leading : 0
            leaf.showTints(front: front, back: back)
        }
    }
}
