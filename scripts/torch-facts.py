"""The interpreter's own answer about itself and its torch, as `key=value` lines: recorded
into a bundle's manifest by scripts/bundle.sh, and asked again by the bundle's launcher
(scripts/frost-launcher.sh) on the machine it runs on. No third-party import but torch."""
import glob
import os
import sys
import sysconfig

facts = {
    "python": "%d.%d" % sys.version_info[:2],
    "python_full": sys.version.split()[0],
    "python_exe": sys.executable,
    # The embedded interpreter's stdlib: the base installation, not a venv.
    "python_home": sys.base_prefix if sys.base_prefix == sys.base_exec_prefix
    else f"{sys.base_prefix}:{sys.base_exec_prefix}",
    "libpython_dir": sysconfig.get_config_var("LIBDIR") or "",
    "libpython": sysconfig.get_config_var("INSTSONAME") or "",
}
try:
    import torch
except Exception as e:  # noqa: BLE001 - any failure to import is reported, in one line
    facts["torch_error"] = f"{type(e).__name__}: {e}".splitlines()[0]
else:
    tdir = os.path.dirname(torch.__file__)
    site = os.path.dirname(tdir)
    facts.update({
        "torch": torch.__version__,
        "torch_git": torch.version.git_version,
        "torch_cuda": torch.version.cuda or "none",
        "torch_lib": os.path.join(tdir, "lib"),
        "torch_site": site,
        # CUDA wheels bring their CUDA libraries as nvidia-* packages beside torch.
        "nvidia_libs": ":".join(sorted(glob.glob(os.path.join(site, "nvidia", "*", "lib")))),
    })
for k, v in facts.items():
    print(f"{k}={v}")
