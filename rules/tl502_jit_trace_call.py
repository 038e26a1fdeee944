"""TL502: torch.jit.trace is deprecated."""

from __future__ import annotations

from torchlint.lint.rule import Invalid, Valid
from torchlint.rules._jit_api import JitApiRule


class JitTraceCall(JitApiRule):
    """Flags `torch.jit.trace`: TorchScript tracing is deprecated.

    ## What it does
    Finds every use of `torch.jit.trace` (and `trace` imported from `torch.jit`).

    ## Why is this bad?
    In torch 2.13 the call warns: `DeprecationWarning: `torch.jit.trace` is deprecated. Please
    switch to `torch.compile` or `torch.export`.` Tracing also records one path through the code
    silently: data-dependent branches and Python loops over sizes are baked in for the example
    input. `torch.export.export(model, example_args)` is the replacement: it captures a whole
    graph from example inputs too, but it raises on data-dependent control flow instead of
    specialising, and it records shape guards (`dynamic_shapes=` makes sizes symbolic). To speed a
    model up in Python, `torch.compile(model)` replaces it.

    ## Example
    ```python
    traced = torch.jit.trace(model, (example,))
    ```
    Use instead:
    ```python
    program = torch.export.export(model, (example,))
    exported = program.module()
    ```

    ## Fix safety
    Replacing `torch.jit.trace(model, args)` with `torch.export.export(model, args).module()` is
    unsafe: export raises where tracing specialised silently, sizes are static unless
    `dynamic_shapes=` says otherwise, and the result is not a `ScriptModule`.
    """

    code = "TL502"
    name = "jit-trace-call"
    message = (
        "`torch.jit.trace` is deprecated (TorchScript): use `torch.export.export(model, args)` "
        "(it raises instead of silently specialising), or `torch.compile(model)` for speed"
    )
    apis = {"torch.jit.trace": message}

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
            traced = torch.jit.trace(model, (torch.randn(2, 3),))
            """,
            line=4,
        ),
    ]
