#!/usr/bin/env bash
# Prints the path of a Python 3.12 for `make xent-golden` (xent==0.5.0 requires 3.12) and `make
# unit-torch-2.11` (the GPU machines' Python): $PYTHON312 if set, else python3.12 on PATH, else
# the newest pyenv 3.12.x (under `pyenv root`, or $PYENV_ROOT / ~/.pyenv when pyenv is not on
# PATH). Each candidate is run, not just found: a pyenv shim named python3.12 sits on PATH even
# when 3.12 is not an active version, and fails.
set -euo pipefail

INSTALL="make xent-golden (xent==0.5.0) and make unit-torch-2.11 need Python 3.12: install it (pyenv install 3.12) or pass PYTHON312=/path/to/python3.12"

is_312() {
  "$1" -c 'import sys; sys.exit(sys.version_info[:2] != (3, 12))' >/dev/null 2>&1
}

if [[ -n "${PYTHON312:-}" ]]; then
  if is_312 "$PYTHON312"; then
    echo "$PYTHON312"
    exit 0
  fi
  echo "PYTHON312=$PYTHON312 is not a working Python 3.12; $INSTALL" >&2
  exit 1
fi

if on_path=$(command -v python3.12) && is_312 "$on_path"; then
  echo "$on_path"
  exit 0
fi

if command -v pyenv >/dev/null; then
  root=$(pyenv root)
else
  root=${PYENV_ROOT:-$HOME/.pyenv}
fi
shopt -s nullglob
candidates=("$root"/versions/3.12*/bin/python3.12)
if ((${#candidates[@]})); then
  # Newest first: version order, so 3.12.10 comes before 3.12.9.
  while IFS= read -r py; do
    if is_312 "$py"; then
      echo "$py"
      exit 0
    fi
  done < <(printf '%s\n' "${candidates[@]}" | sort -rV)
fi

echo "$INSTALL" >&2
exit 1
