@testable import BoxOfficeClient
import Testing

/// The layout cache's file name comes from the box office's reply: only a plain file name may
/// reach the disk, so a hostile or broken box office cannot write outside the cache folder.
@Suite("Purchase client: layout cache names")
struct PurchaseClientLayoutCacheTests {
    @Test("plain ids are cached under their own name", arguments: [
        ("lay_0123abcd", "lay_0123abcd.json"), ("stadium-2026.v2", "stadium-2026.v2.json"), ("A", "A.json"),
    ])
    func plainIDs(id: String, expected: String) {
        #expect(PurchaseClient.layoutCacheName(id) == expected)
    }

    @Test("ids that could name another place are never cached", arguments: [
        "", "../../etc/cron.d/job", "..", ".hidden", "a/b", "/abs", "a\\b", "sp ace", "nul\u{0}x", "ü",
        String(repeating: "x", count: 129),
    ])
    func unsafeIDs(id: String) {
        #expect(PurchaseClient.layoutCacheName(id) == nil)
    }

    @Test("128 characters is the longest cached id")
    func longest() {
        let id = String(repeating: "x", count: 128)
        #expect(PurchaseClient.layoutCacheName(id) == id + ".json")
    }
}
