"""Removes DT_RUNPATH and DT_RPATH from an ELF64 little-endian file's dynamic section, in place
(as `patchelf --remove-rpath` does: later entries move up, DT_NULL fills the end), so a
bundled binary never looks in the build machine's folders. Usage: remove-runpath.py FILE"""
import struct
import sys

DT_NULL, DT_RPATH, DT_RUNPATH = 0, 15, 29
path = sys.argv[1]
with open(path, "r+b") as f:
    elf = bytearray(f.read())
    if elf[:4] != b"\x7fELF" or elf[4] != 2 or elf[5] != 1:
        sys.exit(f"remove-runpath: {path} is not a 64-bit little-endian ELF file")
    shoff, = struct.unpack_from("<Q", elf, 0x28)
    shentsize, shnum = struct.unpack_from("<HH", elf, 0x3A)
    SHT_DYNAMIC = 6
    for i in range(shnum):
        sh = shoff + i * shentsize
        sh_type, = struct.unpack_from("<I", elf, sh + 4)
        if sh_type != SHT_DYNAMIC:
            continue
        off, size = struct.unpack_from("<QQ", elf, sh + 0x18)
        entries = [struct.unpack_from("<qQ", elf, off + j) for j in range(0, size, 16)]
        kept = [e for e in entries if e[0] not in (DT_RPATH, DT_RUNPATH)]
        kept += [(DT_NULL, 0)] * (len(entries) - len(kept))
        for j, (tag, val) in enumerate(kept):
            struct.pack_into("<qQ", elf, off + 16 * j, tag, val)
        f.seek(off)
        f.write(elf[off:off + size])
        break
    else:
        sys.exit(f"remove-runpath: {path} has no dynamic section")
