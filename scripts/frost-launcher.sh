#!/usr/bin/env bash
# frost: the bundle's launcher (docs/install.md, "The bundle"). Asks the machine's Python
# (FROST_PYTHON, else python3 on PATH) about itself and its torch, refuses in one line a Python
# or torch other than the one the bundle was built for (manifest.txt), then runs frost-host
# with that torch's libraries, that Python's libpython and its site-packages.
set -euo pipefail
HERE="$(cd "$(dirname "$(readlink -f "${BASH_SOURCE[0]}")")" && pwd)"
PY="${FROST_PYTHON:-python3}"

fail() { echo "frost: $*" >&2; exit 1; }

# key=value lines into an associative array (values are never evaluated).
declare -A BUILT FOUND
# shellcheck disable=SC2034  # `into` is a nameref: it writes the caller's array
read_facts() {
  local -n into="$1"
  local line
  while IFS= read -r line; do into["${line%%=*}"]="${line#*=}"; done
}
read_facts BUILT < "$HERE/manifest.txt"
command -v "$PY" >/dev/null || fail "no Python at '$PY': set FROST_PYTHON to the interpreter with torch ${BUILT[torch]} (Python ${BUILT[python]})"
FACTS="$("$PY" "$HERE/scripts/torch-facts.py")" || fail "$PY could not run scripts/torch-facts.py (see above)"
read_facts FOUND <<< "$FACTS"

built="Python ${BUILT[python]} with torch ${BUILT[torch]} (git ${BUILT[torch_git]:0:12})"
if [ -n "${FOUND[torch_error]:-}" ]; then
  fail "$PY (Python ${FOUND[python]}) cannot import torch (${FOUND[torch_error]}); this bundle was built for $built: set FROST_PYTHON to that interpreter"
fi
found="Python ${FOUND[python]} with torch ${FOUND[torch]} (git ${FOUND[torch_git]:0:12})"
if [ "${FOUND[python]}" != "${BUILT[python]}" ] || [ "${FOUND[torch]}" != "${BUILT[torch]}" ] \
   || [ "${FOUND[torch_git]}" != "${BUILT[torch_git]}" ]; then
  fail "this bundle was built for $built, but $PY has $found: set FROST_PYTHON to an interpreter with the former, or build a bundle against this one (make bundle TORCH_PYTHON=$PY, docs/install.md)"
fi
# pyo3 links libpython by its soname: a Python built without --enable-shared has none.
LIBPY="${FOUND[libpython_dir]}/${BUILT[libpython]}"
[ -e "$LIBPY" ] || fail "$PY has no shared library ${BUILT[libpython]} in ${FOUND[libpython_dir]} (a Python built without --enable-shared?): install it (Debian/Ubuntu: apt install libpython${BUILT[python]}) or use a Python that has it"

LIBS="${FOUND[torch_lib]}"
[ -z "${FOUND[nvidia_libs]}" ] || LIBS="$LIBS:${FOUND[nvidia_libs]}"
LIBS="$LIBS:${FOUND[libpython_dir]}"
export LD_LIBRARY_PATH="$LIBS${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
# The embedded interpreter: its stdlib (the base installation) and torch's folder (dist.rs).
export PYTHONHOME="${FOUND[python_home]}"
export FROST_TORCH_SITE_PACKAGES="${FOUND[torch_site]}"
# What frost-host runs Python for (the default corpus's pip download) uses the same one.
FROST_PYTHON="$(command -v "$PY")"
export FROST_PYTHON
exec "$HERE/bin/frost-host" "$@"
