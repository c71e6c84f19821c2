#!/usr/bin/env python3
"""Guard the shim functions whose ATen op is newer than the oldest supported torch.

tch's generated C++ shim (libtch/torch_api_generated.cpp) calls every ATen op of the torch it
was generated for. Compiled against an older torch, the ops added since are missing. This wraps
the body of each listed shim function in `#if TORCH_VERSION_MINOR >= N` (the macro comes from
torch's own torch/version.h, so the installation being compiled against decides); below N the
function instead sets tch's error, which tch turns into a TchError (f_* methods) or a panic at
call time. Idempotent: a function already guarded is left as it is.

Usage: python3 guard_newer_ops.py [libtch/torch_api_generated.cpp]
The list below: `g++ -fsyntax-only` of the shim against each older torch's headers (README.md).
"""
import re
import sys

# torch minor version that introduced the op (or its current signature) -> shim functions.
NEWER_OPS = {
    12: [
        "atg__flash_attention_forward_no_dropout_inplace",
        "atg__philox_key_fold_in",
        "atg__philox_key_split",
        "atg__philox_normal",
        "atg__philox_normal_",
        "atg__philox_normal_out",
        "atg__philox_uniform",
        "atg__philox_uniform_",
        "atg__philox_uniform_out",
        # Gained an argument (enable_gqa) in 2.12.
        "atg__scaled_dot_product_attention_math_for_mps",
        "atg__upsample_lanczos2d_aa",
        "atg__upsample_lanczos2d_aa_backward",
        "atg__upsample_lanczos2d_aa_backward_grad_input",
        "atg__upsample_lanczos2d_aa_out",
        "atg__upsample_lanczos2d_aa_vec",
    ],
}


def guard(text: str, name: str, minor: int) -> str:
    # A generated function: its signature line, `  PROTECT(`, the body, `  )`, `}`.
    pattern = re.compile(
        r"(^void " + re.escape(name) + r"\([^\n]*\) \{\n)(  PROTECT\(\n.*?\n  \)\n)(\})",
        re.M | re.S,
    )
    found = pattern.search(text)
    if found is None:
        if re.search(r"^void " + re.escape(name) + r"\(", text, re.M):
            return text  # already guarded
        sys.exit(f"{name}: not in the shim (was it renamed? update NEWER_OPS)")
    op = name.removeprefix("atg_")
    body = (
        f"#if TORCH_VERSION_MINOR >= {minor}\n"
        + found.group(2)
        + "#else\n"
        + f'  TCH_OP_NEEDS_TORCH("{op}", {minor})\n'
        + "#endif\n"
    )
    return text[: found.start(2)] + body + text[found.end(2) :]


def main() -> None:
    path = sys.argv[1] if len(sys.argv) > 1 else "libtch/torch_api_generated.cpp"
    with open(path) as f:
        text = f.read()
    for minor, names in NEWER_OPS.items():
        for name in names:
            text = guard(text, name, minor)
    with open(path, "w") as f:
        f.write(text)


if __name__ == "__main__":
    main()
