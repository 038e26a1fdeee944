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
    (a `print`, a numpy call) is compiled and breaks the graph. The equivalent is
    `torch.compiler.is_compiling()`, True while `torch.compile` or `torch.export` traces.
    `torch.jit.is_tracing()` has no exact equivalent; `torch.compiler.is_compiling()` covers the
    export case (`torch.compiler.is_exporting()` is True only under `torch.export`).

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
    Replacing `torch.jit.is_scripting` with `torch.compiler.is_compiling` is safe once the code
    no longer uses TorchScript; while it is still scripted, the TorchScript compiler sees the
    guarded code again.
    """

    code = "TL505"
    name = "jit-is-scripting"
    message = (
        "`torch.jit.is_scripting()` is TorchScript-only and False under torch.compile/torch.export: "
        "use `torch.compiler.is_compiling()`"
    )
    apis = {
        "torch.jit.is_scripting": message,
        "torch.jit.is_tracing": (
            "`torch.jit.is_tracing()` is TorchScript-only and False under torch.compile/torch.export: "
            "`torch.compiler.is_compiling()` is the closest equivalent"
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
    ]
