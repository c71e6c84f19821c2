#!/usr/bin/env python3
"""Guard the shim functions whose ATen op is missing in part of the supported torch range.

tch's generated C++ shim (libtch/torch_api_generated.cpp) calls every ATen op of the torch it
was generated for. Compiled against an older torch, the ops added since are missing; against a
newer one, the ops it removed. This wraps the body of each listed shim function in
`#if TORCH_VERSION_MINOR >= N` (NEWER_OPS) or `< N` (REMOVED_OPS); the macro comes from torch's
own torch/version.h, so the installation being compiled against decides. Outside, the function
instead sets tch's error, which tch turns into a TchError (f_* methods) or a panic at call
time. Idempotent: a function already guarded is left as it is.

Usage: python3 guard_ops.py [libtch/torch_api_generated.cpp]
The lists: `g++ -fsyntax-only` of the shim against each torch's headers (README.md).
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

# torch minor version that removed the op -> shim functions.
REMOVED_OPS = {
    14: ["atg_cholesky", "atg_cholesky_out", "atg_qr", "atg_qr_q"],
}


def guard(text: str, name: str, minor: int, removed: bool) -> str:
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
    method = name.removeprefix("atg_")  # tch's Tensor method of the same name
    condition, stub = ("<", "TCH_OP_REMOVED_IN_TORCH") if removed else (">=", "TCH_OP_NEEDS_TORCH")
    body = (
        f"#if TORCH_VERSION_MINOR {condition} {minor}\n"
        + found.group(2)
        + "#else\n"
        + f'  {stub}("{method}", {minor})\n'
        + "#endif\n"
    )
    return text[: found.start(2)] + body + text[found.end(2) :]


def main() -> None:
    path = sys.argv[1] if len(sys.argv) > 1 else "libtch/torch_api_generated.cpp"
    with open(path) as f:
        text = f.read()
    for ops, removed in [(NEWER_OPS, False), (REMOVED_OPS, True)]:
        for minor, names in ops.items():
            for name in names:
                text = guard(text, name, minor, removed)
    with open(path, "w") as f:
        f.write(text)


if __name__ == "__main__":
    main()
