"""The bundle's file list, and the comparison of two builds: are releases reproducible?

``write FOLDER OUT`` writes one line per file, link and folder of a built bundle
(the staged folder or an unpacked archive), sorted by path: the kind, the mode,
the size and the SHA-256 of a file, the target of a link. ``compare A B`` reads
two such lists (or two folders) and says what differs: a path in one and not the
other, or another kind or mode, fails the check (exit 1); a file whose bytes differ
is listed with the reason when it is one we know, and fails it only with
``--same-bytes``, because a PyInstaller build
is not byte-for-byte reproducible everywhere (docs/PACKAGING.md, "Reproducible
releases", has the result of two builds of one commit). build.sh writes the
list into ``build/bundle/manifest.tsv`` and ships it as ``MANIFEST.tsv``; smoke.sh
checks an unpacked archive against that shipped list.

Only the standard library: build.sh runs it with the build environment's Python.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import stat
import sys
from dataclasses import dataclass
from pathlib import Path

HEADER = "# kind\tmode\tsize\tsha256-or-target\tpath"
SELF = "MANIFEST.tsv"  # the list inside the bundle leaves itself out


@dataclass(frozen=True)
class Entry:
    kind: str  # "file", "link" or "dir"
    mode: str  # octal permission bits, e.g. "0755"
    size: int  # bytes of a file; 0 for a link or a folder
    digest: str  # a file's SHA-256, a link's target, "-" for a folder
    path: str  # relative to the bundle's top folder, "/" separated

    def line(self) -> str:
        return f"{self.kind}\t{self.mode}\t{self.size}\t{self.digest}\t{self.path}"


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def scan(folder: Path) -> list[Entry]:
    """Every file, link and folder under ``folder`` (not following links), sorted by path."""
    entries = []
    for root, dirs, files in os.walk(folder, followlinks=False):
        here = Path(root)
        for name in dirs + files:
            path = here / name
            relative = path.relative_to(folder).as_posix()
            if relative == SELF:
                continue
            info = path.lstat()
            mode = f"{stat.S_IMODE(info.st_mode):04o}"
            if stat.S_ISLNK(info.st_mode):
                entries.append(Entry("link", mode, 0, os.readlink(path), relative))
            elif stat.S_ISDIR(info.st_mode):
                entries.append(Entry("dir", mode, 0, "-", relative))
            else:
                entries.append(Entry("file", mode, info.st_size, _sha256(path), relative))
    return sorted(entries, key=lambda e: e.path)


def dangling_links(folder: Path) -> list[str]:
    """Links under ``folder`` whose target does not exist (what ``find -xtype l`` finds)."""
    return [e.path for e in scan(folder) if e.kind == "link" and not (folder / e.path).exists()]


def write(entries: list[Entry], out: Path) -> None:
    out.write_text("\n".join([HEADER] + [e.line() for e in entries]) + "\n", encoding="utf-8")


def read(source: Path) -> list[Entry]:
    """A list written by ``write``, or a folder scanned now."""
    if source.is_dir():
        return scan(source)
    entries = []
    for number, line in enumerate(source.read_text(encoding="utf-8").splitlines(), 1):
        if not line or line.startswith("#"):
            continue
        parts = line.split("\t")
        if len(parts) != 5:
            raise ValueError(f"{source}, line {number}: expected 5 tab-separated fields, found {len(parts)}")
        kind, mode, size, digest, path = parts
        entries.append(Entry(kind, mode, int(size), digest, path))
    return entries


# Files whose bytes depend on what build.sh fixes (PYTHONHASHSEED, SOURCE_DATE_EPOCH): named
# with the reason when a comparison finds them changed, as a build without those settings
# would. Two builds of one commit with them were identical to the byte (docs/PACKAGING.md).
KNOWN_DIFFERENCES = {
    "mlmstudio": "the launcher embeds the PKG archive of the modules' bytecode (hash seed, time stamps)",
    "_internal/base_library.zip": "the standard library's bytecode, zipped with time stamps",
}


@dataclass(frozen=True)
class Comparison:
    only_in_a: list[str]
    only_in_b: list[str]
    changed_kind: list[str]  # a file in one, a link or folder in the other; or another mode
    different_bytes: list[str]

    @property
    def same_file_list(self) -> bool:
        return not (self.only_in_a or self.only_in_b or self.changed_kind)


def compare(a: list[Entry], b: list[Entry]) -> Comparison:
    by_path_a = {e.path: e for e in a}
    by_path_b = {e.path: e for e in b}
    common = sorted(by_path_a.keys() & by_path_b.keys())
    changed_kind = [
        p for p in common if (by_path_a[p].kind, by_path_a[p].mode) != (by_path_b[p].kind, by_path_b[p].mode)
    ]
    different = [
        p
        for p in common
        if p not in changed_kind
        and (by_path_a[p].size, by_path_a[p].digest) != (by_path_b[p].size, by_path_b[p].digest)
    ]
    return Comparison(
        only_in_a=sorted(by_path_a.keys() - by_path_b.keys()),
        only_in_b=sorted(by_path_b.keys() - by_path_a.keys()),
        changed_kind=changed_kind,
        different_bytes=different,
    )


def report(comparison: Comparison, a_name: str, b_name: str, total: int) -> str:
    lines = []
    for title, paths in (
        (f"only in {a_name}", comparison.only_in_a),
        (f"only in {b_name}", comparison.only_in_b),
        ("a different kind or mode", comparison.changed_kind),
    ):
        if paths:
            lines.append(f"{len(paths)} path(s) {title}:")
            lines += [f"  {p}" for p in paths[:50]] + (
                [f"  ... and {len(paths) - 50} more"] if len(paths) > 50 else []
            )
    if comparison.different_bytes:
        lines.append(
            f"{len(comparison.different_bytes)} file(s) with other bytes (same path, kind and mode):"
        )
        for path in comparison.different_bytes:
            reason = next(
                (why for end, why in KNOWN_DIFFERENCES.items() if path == end or path.endswith("/" + end)),
                None,
            )
            lines.append(f"  {path}" + (f": {reason}" if reason else ""))
    verdict = "the same file list" if comparison.same_file_list else "DIFFERENT file lists"
    identical = total - len(comparison.different_bytes) - len(comparison.changed_kind)
    lines.append(f"{verdict}: {total} paths in {a_name}, {identical} identical in {b_name}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    writer = commands.add_parser("write", help="write FOLDER's list to OUT")
    writer.add_argument("folder", type=Path)
    writer.add_argument("out", type=Path)
    checker = commands.add_parser(
        "compare", help="compare two lists or folders; exit 1 if the file lists differ"
    )
    checker.add_argument("a", type=Path)
    checker.add_argument("b", type=Path)
    checker.add_argument(
        "--same-bytes",
        action="store_true",
        help="fail when a file's bytes differ too (an archive against its list)",
    )
    links = commands.add_parser("dangling", help="list links whose target is missing; exit 1 if any")
    links.add_argument("folder", type=Path)
    args = parser.parse_args(argv)
    if args.command == "write":
        if not args.folder.is_dir():
            print(f"bundle_manifest: {args.folder} is not a folder.", file=sys.stderr)
            return 2
        entries = scan(args.folder)
        write(entries, args.out)
        print(f"bundle_manifest: {len(entries)} paths of {args.folder} listed in {args.out}")
        return 0
    if args.command == "dangling":
        found = dangling_links(args.folder)
        for path in found:
            print(f"dangling link: {path} -> {os.readlink(args.folder / path)}")
        return 1 if found else 0
    for source in (args.a, args.b):
        if not source.exists():
            print(
                f"bundle_manifest: {source} does not exist; give two lists or two folders.", file=sys.stderr
            )
            return 2
    a, b = read(args.a), read(args.b)
    comparison = compare(a, b)
    print(report(comparison, str(args.a), str(args.b), len(a)))
    if not comparison.same_file_list or (args.same_bytes and comparison.different_bytes):
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
