// seating-bench: medians for the Seating targets (release build):
//   generate 100 000 seats ≤ 300 ms, load a 100k-seat file ≤ 300 ms, hit test ≤ 20 µs,
//   memory for 100k seats ≤ 60 MB (peak RSS, VmHWM); best seats and party placement on 10k,
//   60k and 100k seats (printed, no target).
#if canImport(Glibc)
import Glibc
#endif
import Geometry
import Seating

func now() -> Double {
    var ts = timespec()
    clock_gettime(CLOCK_MONOTONIC, &ts)
    return Double(ts.tv_sec) + Double(ts.tv_nsec) * 1e-9
}

func median(_ xs: [Double]) -> Double { let s = xs.sorted(); return s[s.count / 2] }

func peakRSSMB() -> Double {
    guard let f = fopen("/proc/self/status", "r") else { return -1 }
    defer { fclose(f) }
    var line = [CChar](repeating: 0, count: 256)
    while fgets(&line, 256, f) != nil {
        let s = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if s.hasPrefix("VmHWM:") {
            let kb = Double(s.split(separator: " ").dropFirst().first { !$0.isEmpty }.flatMap { Double($0) } ?? -1)
            return kb / 1024
        }
    }
    return -1
}

struct LCG { var s: UInt64; mutating func next() -> Double { s = s &* 6364136223846793005 &+ 1442695040888963407; return Double(s >> 11) / Double(1 << 53) } }

let rssStart = peakRSSMB()
print("seating-bench (medians)")
for n in [600, 10_000, 60_000, 100_000] {
    let t0 = now()
    let p = StadiumParameters.forSeatCount(n)
    let t1 = now()
    let g = StadiumGenerator.generate(p)
    let t2 = now()
    _ = g
    print("  --seats \(n): rings \(p.sectors), rows/tribune \(p.rowsPerTribune), width divisor \(p.tribuneWidthDivisor) → \(StadiumGenerator.seatCount(p)) seats (parameter search \(String(format: "%.1f", (t1 - t0) * 1000)) ms + generate \(String(format: "%.1f", (t2 - t1) * 1000)) ms)")
}

let params = StadiumParameters.forSeatCount(100_000)
var times: [Double] = []
var venue = StadiumGenerator.generate(params)
for _ in 0..<7 {
    let t0 = now()
    venue = StadiumGenerator.generate(params)
    times.append(now() - t0)
}
print("generate \(venue.seatCount) seats: \(String(format: "%.1f", median(times) * 1000)) ms (target ≤ 300 ms)")

times = []
var index = VenueIndex(venue: venue)
for _ in 0..<5 { let t0 = now(); index = VenueIndex(venue: venue); times.append(now() - t0) }
print("build index: \(String(format: "%.1f", median(times) * 1000)) ms")
let rssAfterGenerate = peakRSSMB()
print("memory: venue storage \(String(format: "%.1f", Double(venue.memoryFootprint) / 1e6)) MB + index \(String(format: "%.1f", Double(index.memoryFootprint) / 1e6)) MB; peak RSS \(String(format: "%.1f", rssAfterGenerate)) MB (process baseline \(String(format: "%.1f", rssStart)) MB; target ≤ 60 MB)")

let bytes = VenueFile.encode(venue)
times = []
var loaded: Venue? = nil
for _ in 0..<7 {
    let t0 = now()
    loaded = try! VenueFile.decode(bytes)
    times.append(now() - t0)
}
print("load \(loaded!.seatCount)-seat file (\(bytes.count / 1024) KiB): \(String(format: "%.1f", median(times) * 1000)) ms (target ≤ 300 ms)")
let path = "/tmp/seating-bench-\(getpid()).venue.json"
try! VenueFile.write(venue, to: path)
times = []
for _ in 0..<7 {
    let t0 = now()
    loaded = try! VenueFile.read(path: path)
    times.append(now() - t0)
}
unlink(path)
print("load from disk (read + decode + validate): \(String(format: "%.1f", median(times) * 1000)) ms (target ≤ 300 ms)")
times = []
for _ in 0..<5 { let t0 = now(); _ = VenueFile.encode(venue); times.append(now() - t0) }
print("write file: \(String(format: "%.1f", median(times) * 1000)) ms")

// Hit tests: half on seats (jittered centres), half anywhere in the chart.
var rng = LCG(s: 42)
var points: [Point] = []
for k in 0..<20_000 {
    if k % 2 == 0 {
        let s = venue.seats[Int(rng.next() * Double(venue.seatCount))]
        points.append(Point(x: s.center.x + (rng.next() - 0.5) * s.size, y: s.center.y + (rng.next() - 0.5) * s.size))
    } else {
        points.append(Point(x: rng.next() * venue.size.width, y: rng.next() * venue.size.height))
    }
}
var batch: [Double] = []
var hits = 0
for _ in 0..<9 {
    let t0 = now()
    for p in points {
        if index.seat(at: p, in: venue) != nil { hits += 1 }
        if index.tribune(at: p, in: venue) != nil { hits += 1 }
    }
    batch.append((now() - t0) / Double(points.count))
}
var single: [Double] = []
for p in points {
    let t0 = now()
    _ = index.seat(at: p, in: venue); _ = index.tribune(at: p, in: venue)
    single.append(now() - t0)
}
single.sort()
print("hit test (seat + tribune) per tap: \(String(format: "%.2f", median(batch) * 1e6)) µs median of batches; single taps p50 \(String(format: "%.2f", single[single.count / 2] * 1e6)) µs, p99 \(String(format: "%.2f", single[single.count * 99 / 100] * 1e6)) µs, p99.9 \(String(format: "%.2f", single[single.count * 999 / 1000] * 1e6)) µs (target ≤ 20 µs) [\(hits / 9) hits]")
// Best seats and party placement on half-sold stadiums (every other seat sold in a third of
// the rows, random holds elsewhere): the vacancy (one pass), best available standard and
// accessible, and a tap's placement with its fallback.
for n in [10_000, 60_000, 100_000] {
    let v = StadiumGenerator.generate(.forSeatCount(n))
    var a = EventAvailability(seatCount: v.seatCount)
    var r = LCG(s: 7)
    for i in 0..<v.seatCount {
        let x = r.next()
        if x < 0.3 { a.set(i, .sold) } else if x < 0.4 { a.set(i, .held(hold: "h\(i % 50)", until: 1e9)) }
    }
    let pairing = AccessiblePairing(venue: v)
    var vacancyTimes: [Double] = [], bestTimes: [Double] = [], accessibleTimes: [Double] = [], placeTimes: [Double] = []
    var vacancy = SeatVacancy(availability: a, now: 0)
    var found = 0
    for k in 0..<9 {
        var t0 = now()
        vacancy = SeatVacancy(availability: a, now: 0)
        vacancyTimes.append(now() - t0)
        t0 = now()
        if (try? BestAvailable.block(partySize: 4, venue: v, vacancy: vacancy, pairing: pairing)) != nil { found += 1 }
        bestTimes.append(now() - t0)
        t0 = now()
        if (try? BestAvailable.block(partySize: 3, kind: .accessible, venue: v, vacancy: vacancy, pairing: pairing)) != nil { found += 1 }
        accessibleTimes.append(now() - t0)
        t0 = now()
        for j in 0..<100 {
            if (try? PartyPlacement.place(partySize: 6, at: (k * 100 + j) * 7919 % v.seatCount, venue: v, vacancy: vacancy,
                                          pairing: pairing)) != nil { found += 1 }
        }
        placeTimes.append((now() - t0) / 100)
    }
    func us(_ xs: [Double]) -> String { String(format: "%.1f", median(xs) * 1e6) }
    print("best seats on \(v.seatCount) seats (µs): vacancy \(us(vacancyTimes)), best 4 \(us(bestTimes)), accessible 3 \(us(accessibleTimes)), party of 6 at a tap \(us(placeTimes)) [\(found) found]")
}
print("peak RSS at exit: \(String(format: "%.1f", peakRSSMB())) MB (holds two 100k venues and the file bytes)")
