#!/usr/bin/env bash
# make bundle (docs/install.md, "The bundle"): one relocatable archive of a built frost-host for
# machines with the same Python minor version and torch build but no cargo, no network and
# their own paths. The binary is stripped (its debug info goes to a .debug file beside the
# archive, not into it) and loses the build machine's runpath; the launcher `frost` finds
# torch and libpython on the target through its Python, checked against manifest.txt.
# Usage: scripts/bundle.sh [BINARY] [OUT_DIR]   (defaults: target/release/frost-host, target/bundle)
# The build's Python is FROST_PYTHON, else TORCH_PYTHON (make build TORCH_PYTHON=...), else the active
# venv's, else python3 (as frost-host's).
set -euo pipefail
ROOT="$(cd "$(dirname "$0")/.." && pwd)"
BIN="$(readlink -f "${1:-$ROOT/target/release/frost-host}")"
OUT="$(mkdir -p "${2:-$ROOT/target/bundle}" && cd "${2:-$ROOT/target/bundle}" && pwd)"
PY="${FROST_PYTHON:-${TORCH_PYTHON:-${VIRTUAL_ENV:+$VIRTUAL_ENV/bin/python}}}"
PY="${PY:-python3}"

fail() { echo "bundle: $*" >&2; exit 1; }
[ -x "$BIN" ] || fail "no binary at $BIN: run make build"
for t in objcopy readelf tar gzip; do command -v "$t" >/dev/null || fail "$t not found: install binutils, tar and gzip"; done
for g in infill condense xent; do [ -f "$ROOT/games/$g.wasm" ] || fail "games/$g.wasm missing: run make games"; done

FACTS="$("$PY" "$ROOT/scripts/torch-facts.py")" || fail "$PY could not run scripts/torch-facts.py"
fact() { sed -n "s/^$1=//p" <<< "$FACTS"; }
[ -n "$(fact torch)" ] || fail "$PY cannot import torch: $(fact torch_error)"
# The binary must have been linked against this interpreter's torch (its runpath names it).
RUNPATH="$(readelf -d "$BIN" | sed -n 's/.*(RUNPATH).*\[\(.*\)\]/\1/p')"
TORCH_LIB="$(readlink -f "$(fact torch_lib)")"
tr ':' '\n' <<< "$RUNPATH" | xargs -r -n1 readlink -f | grep -qxF "$TORCH_LIB" \
  || fail "$BIN was not linked against $PY's torch ($TORCH_LIB; its runpath: ${RUNPATH:-none}): rebuild it with that python first on PATH"
LIBPY="$(readelf -d "$BIN" | sed -n 's/.*(NEEDED).*\[\(libpython[^]]*\)\]/\1/p')"
[ -n "$LIBPY" ] || fail "$BIN links no libpython"
VERSION="$("$BIN" --version | awk '{print $NF}')"
GLIBC="$(objdump -T "$BIN" | grep -o 'GLIBC_[0-9.]*' | sort -uV | tail -1)"
GLIBCXX="$(objdump -T "$BIN" | grep -o 'GLIBCXX_[0-9.]*' | sort -uV | tail -1)"

NAME="frost-$VERSION-py$(fact python)-torch$(fact torch)"
STAGE="$(mktemp -d "$OUT/.stage-XXXX")"
trap 'rm -rf "$STAGE"' EXIT
B="$STAGE/$NAME"
mkdir -p "$B/bin" "$B/scripts" "$B/games"
# Debug info beside the archive; the bundle's binary names it (.gnu_debuglink) for gdb.
objcopy --only-keep-debug "$BIN" "$OUT/frost-host.debug"
objcopy --strip-debug --add-gnu-debuglink="$OUT/frost-host.debug" "$BIN" "$B/bin/frost-host"
"$PY" "$ROOT/scripts/remove-runpath.py" "$B/bin/frost-host"
! readelf -d "$B/bin/frost-host" | grep -qE 'R(UN)?PATH' || fail "a runpath is left in the bundle's binary"

cp "$ROOT/scripts/frost-launcher.sh" "$B/frost"
cp "$ROOT/scripts/torch-facts.py" "$ROOT/scripts/gpu-check.sh" "$B/scripts/"
cp "$ROOT"/games/*.wasm "$B/games/"
cp -r "$ROOT/configs" "$B/configs"
# The real Qwen3 and Qwen3.5 tokenizers, for gpu-check's 14b and qwen3.5 stages, when this
# checkout has them (make setup-test).
for TOK in "$ROOT/.cache/fixtures/qwen3-tokenizer" "$ROOT/.cache/fixtures/qwen3_5-tokenizer"; do
  if [ -f "$TOK/tokenizer.json" ]; then mkdir -p "$B/fixtures" && cp -r "$TOK" "$B/fixtures/"; fi
done
{
  echo "$FACTS" | grep -E '^(python|python_full|torch|torch_git|torch_cuda)='
  echo "libpython=$LIBPY"
  echo "frost=$VERSION"
  echo "commit=$(git -C "$ROOT" rev-parse HEAD 2>/dev/null || echo unknown)"
  echo "glibc=${GLIBC#GLIBC_}"
  echo "glibcxx=${GLIBCXX#GLIBCXX_}"
} > "$B/manifest.txt"

tar -C "$STAGE" -cf - "$NAME" | gzip -6 > "$OUT/$NAME.tar.gz.tmp"
mv "$OUT/$NAME.tar.gz.tmp" "$OUT/$NAME.tar.gz"
echo "$OUT/$NAME.tar.gz"
