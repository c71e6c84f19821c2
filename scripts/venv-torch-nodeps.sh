#!/usr/bin/env bash
# Installs torch==VERSION into the venv of PYTHON without its CUDA wheels, for `make
# unit-torch-2.11`: torch itself (--no-deps), then its requirements that are not CUDA
# (nvidia-*, cuda-*, triton: read from the wheel's own metadata), then a link to the nvidia/
# folder of PROJECT_PYTHON's site-packages, the project venv's CUDA 13 libraries, found by
# libtorch_cuda through its $ORIGIN/../../nvidia rpath. Ends by importing torch.
# Usage: scripts/venv-torch-nodeps.sh PYTHON VERSION PROJECT_PYTHON
set -euo pipefail
python=$1 version=$2 project=$3
pip=("$python" -m pip install --quiet --disable-pip-version-check)

"${pip[@]}" --no-deps "torch==$version"
mapfile -t reqs < <("$python" - <<'EOF'
import importlib.metadata, re
for req in importlib.metadata.requires("torch") or []:
    spec, _, marker = req.partition(";")
    if "extra ==" in marker or re.match(r"\s*(nvidia|cuda|triton)", spec, re.I):
        continue
    print(req.strip())  # with its marker: pip evaluates it
EOF
)
"${pip[@]}" "${reqs[@]}"

site() { "$1" -c 'import site; print(site.getsitepackages()[0])'; }
ln -sfn "$(site "$project")/nvidia" "$(site "$python")/nvidia"
"$python" -c "import torch; assert torch.__version__.startswith('$version'), torch.__version__"
