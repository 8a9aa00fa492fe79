#!/usr/bin/env python3
"""Writes fuzz-png's generated seeds into Fuzz/corpus/png/: a 5x4 image of every colour type and
bit depth Raster's PNG reader takes (grey 1-16, palette 1-8 with tRNS, RGB, grey+alpha, RGBA
8 and 16, grey 8 and RGB 16 with a transparent key), each row with another filter type."""
import os
import struct
import zlib

OUT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "corpus", "png")


def chunk(kind, body):
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)


def png(name, width, height, colour_type, depth, row_bytes, palette=None, transparency=None):
    raw = b""
    for y in range(height):
        raw += bytes([y % 5]) + bytes(((x * 37 + y * 11) & 0xFF) for x in range(row_bytes))
    out = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, depth, colour_type, 0, 0, 0))
    if palette:
        out += chunk(b"PLTE", palette)
    if transparency:
        out += chunk(b"tRNS", transparency)
    out += chunk(b"IDAT", zlib.compress(raw)) + chunk(b"IEND", b"")
    with open(os.path.join(OUT, name), "wb") as f:
        f.write(out)


w, h = 5, 4
for d in (1, 2, 4, 8, 16):
    png(f"grey-{d}.png", w, h, 0, d, (w * d + 7) // 8, transparency=b"\x00\x01" if d == 8 else None)
for d in (1, 2, 4, 8):
    png(f"palette-{d}.png", w, h, 3, d, (w * d + 7) // 8, palette=bytes(i & 0xFF for i in range(3 * (1 << d))),
        transparency=b"\x80\x40")
for d in (8, 16):
    png(f"rgb-{d}.png", w, h, 2, d, w * 3 * d // 8, transparency=b"\x00\x01\x00\x02\x00\x03" if d == 16 else None)
    png(f"grey-alpha-{d}.png", w, h, 4, d, w * 2 * d // 8)
    png(f"rgba-{d}.png", w, h, 6, d, w * 4 * d // 8)
