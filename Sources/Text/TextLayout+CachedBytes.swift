extension TextLayout {
    /// Bytes a cache entry of this layout holds: its glyph and line arrays (by capacity), the key
    /// string when it is too long to be stored inline (15 UTF-8 bytes), and a fixed overhead for
    /// the entry's array headers, key, dictionary slot and LRU links.
    func cachedBytes(key string: String) -> Int {
        let glyphBytes = glyphs.capacity * MemoryLayout<Glyph>.stride
        let lineBytes = lines.capacity * MemoryLayout<Line>.stride
        let stringBytes = string.utf8.count > 15 ? 32 + string.utf8.count : 0
        return glyphBytes + lineBytes + stringBytes + Self.cacheEntryOverhead
    }

    /// Bytes counted per cached layout besides its arrays and key string (two array headers of
    /// 32 bytes, the stored properties, the key, the index's slot and the LRU's per-slot arrays).
    static let cacheEntryOverhead = 256
}
