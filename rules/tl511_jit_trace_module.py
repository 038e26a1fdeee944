"""TL511: torch.jit.trace_module is deprecated."""

from __future__ import annotations

from torchlint.lint.rule import Invalid, Valid
from torchlint.rules._jit_api import JitApiRule


class JitTraceModule(JitApiRule):
    """Flags `torch.jit.trace_module`: deprecated multi-method tracing.

    ## What it does
    Finds every use of `torch.jit.trace_module`.

    ## Why is this bad?
    In torch 2.13 it warns (under the name of its internal helper): `DeprecationWarning:
    `torch.jit.trace_method` is deprecated. Please switch to `torch.compile` or `torch.export`.`
    It traces several methods of a module with example inputs for each. `torch.export.export`
    captures `forward` only, so export one wrapper module per method (its `forward` calls the
    method), each with its example inputs; to speed the methods up in Python,
    `torch.compile(model.method)` compiles each bound method.

    ## Example
    ```python
    traced = torch.jit.trace_module(model, {"forward": (x,), "encode": (x,)})
    ```
    Use instead:
    ```python
    forward_program = torch.export.export(model, (x,))
    encode_program = torch.export.export(EncodeWrapper(model), (x,))
    ```

    ## Fix safety
    No automatic fix: each traced method needs its own export.
    """

    code = "TL511"
    name = "jit-trace-module"
    message = (
        "`torch.jit.trace_module` is deprecated: export each method with "
        "`torch.export.export` (a wrapper module per method other than forward)"
    )
    apis = {"torch.jit.trace_module": message}

    VALID = [
        Valid(
            """
            import torch

            model = torch.nn.Linear(3, 3)
            program = torch.export.export(model, (torch.randn(2, 3),))
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch

            model = torch.nn.Linear(3, 3)
            traced = torch.jit.trace_module(model, {"forward": (torch.randn(2, 3),)})
            """,
            line=4,
        ),
    ]
