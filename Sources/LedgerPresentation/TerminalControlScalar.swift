extension Unicode.Scalar {
    /// Whether a terminal acts on this scalar instead of showing it, or it reorders the text around
    /// it: C0 controls, DEL, C1 controls, Unicode's line and paragraph separators (which some
    /// terminals and viewers break lines at), its bidirectional marks, embeddings, overrides and
    /// isolates, and the invisible ones that only hide what is there (soft hyphen, zero-width
    /// space, word joiner and invisible operators, byte order mark, interlinear annotation marks;
    /// not the joiners that emoji and scripts need). Text for people shows such scalars escaped;
    /// JSON writes them as `\u` escapes.
    public var isTerminalControl: Bool {
        switch value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: true
        case 0x00AD, 0x180E, 0x200B, 0x2060...0x2064, 0xFEFF, 0xFFF9...0xFFFB: true
        default: false
        }
    }
}
