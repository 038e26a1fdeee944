"""TL505: torch.jit.is_scripting / torch.jit.is_tracing."""

from __future__ import annotations

from torchlint.lint.rule import Invalid, Valid
from torchlint.rules._jit_api import JitApiRule


class JitIsScripting(JitApiRule):
    """Flags `torch.jit.is_scripting()` and `torch.jit.is_tracing()`: TorchScript-only checks.

    ## What it does
    Finds every use of `torch.jit.is_scripting` and `torch.jit.is_tracing`.

    ## Why is this bad?
    They say whether the TorchScript compiler or tracer is running. TorchScript is deprecated
    (`torch.jit.script` warns in torch 2.13: "`torch.jit.script` is deprecated. Please switch to
    `torch.compile` or `torch.export`."); these functions do not warn, but under `torch.compile`
    and `torch.export` they return False, so code guarded by `if not torch.jit.is_scripting():`
    (a `print`, a numpy call) is compiled and breaks the graph. `torch.compiler.is_compiling()`
    is True while `torch.compile` or `torch.export` traces: a different predicate, not a new
    spelling (under TorchScript it is False, under torch.compile True, where `is_scripting()` is
    the opposite), so code must say which back-end each branch is for.

    ## Example
    ```python
    if not torch.jit.is_scripting():
        print(x.shape)
    ```
    Use instead:
    ```python
    if not torch.compiler.is_compiling():
        print(x.shape)
    ```

    ## Fix safety
    No safe fix. Swapping in `torch.compiler.is_compiling()` would change two back-ends: the
    TorchScript branch would run under torch.compile and torch.export, and TorchScript would
    compile the code the guard kept from it (timm's `fast_norm` stops scripting). The unsafe fix
    instead drops the TorchScript-only branch (`is_scripting()` folded to False: `if
    torch.jit.is_scripting(): A else: B` becomes `B`, `x and not torch.jit.is_scripting()` in a
    test becomes `x`), which keeps what eager, trace, torch.compile and torch.export run; only
    TorchScript sees the change. `is_tracing()` is folded the same way (only `torch.jit.trace`
    sees it). It is offered only in code the project does not script (trace, for
    `is_tracing`), and not where the fold would skip a call (`f(x) and is_scripting()`).
    """

    code = "TL505"
    name = "jit-is-scripting"
    message = (
        "`torch.jit.is_scripting()` is TorchScript-only and False under torch.compile/torch.export "
        "(`torch.compiler.is_compiling()` is True there: a different test, not a new spelling)"
    )
    apis = {
        "torch.jit.is_scripting": message,
        "torch.jit.is_tracing": (
            "`torch.jit.is_tracing()` is TorchScript-only and False under torch.compile/torch.export "
            "(`torch.compiler.is_compiling()` is True there: a different test, not a new spelling)"
        ),
    }

    VALID = [
        Valid(
            """
            import torch

            def log_shape(x):
                if not torch.compiler.is_compiling():
                    print(x.shape)
                return x
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch

            def log_shape(x):
                if not torch.jit.is_scripting():
                    print(x.shape)
                return x
            """,
            line=4,
        ),
        Invalid(
            """
            import torch

            def log_shape(x):
                if torch.jit.is_tracing():
                    return x
                print(x.shape)
                return x
            """,
            line=4,
            message_contains="is_tracing",
        ),
        Invalid(
            # timm's fast_norm: the TorchScript branch goes, what eager and compile run stays.
            """
            import torch
            import torch.nn.functional as F

            def fast_layer_norm(x, shape: list[int], weight, bias, eps: float = 1e-5):
                if torch.jit.is_scripting():
                    return F.layer_norm(x, shape, weight, bias, eps)
                with torch.autocast(device_type=x.device.type, enabled=False):
                    return F.layer_norm(x.float(), shape, weight, bias, eps).to(x.dtype)
            """,
            line=5,
            fixed="""
            import torch
            import torch.nn.functional as F

            def fast_layer_norm(x, shape: list[int], weight, bias, eps: float = 1e-5):
                with torch.autocast(device_type=x.device.type, enabled=False):
                    return F.layer_norm(x.float(), shape, weight, bias, eps).to(x.dtype)
            """,
        ),
    ]
