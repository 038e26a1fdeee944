"""TL510: torch.jit.freeze / torch.jit.optimize_for_inference are deprecated."""

from __future__ import annotations

from torchlint.lint.rule import Invalid, Valid
from torchlint.rules._jit_api import JitApiRule


class JitFreeze(JitApiRule):
    """Flags `torch.jit.freeze` and `torch.jit.optimize_for_inference`.

    ## What it does
    Finds every use of `torch.jit.freeze` and `torch.jit.optimize_for_inference`.

    ## Why is this bad?
    In torch 2.13 they warn: `DeprecationWarning: `torch.jit.freeze` is deprecated. Please use
    `torch.compile` instead.` and `DeprecationWarning: `torch.jit.optimize_for_inference` is
    deprecated. Please use `torch.compile` instead.` Both inline parameters as constants and
    fold them into a ScriptModule. The equivalent is `torch.compile` in inference mode: put the
    model in `eval()`, run it under `torch.no_grad()`, and set
    `torch._inductor.config.freezing = True` to get the same constant folding (conv-bn folding,
    weight prepacking). Ahead of time, `torch.export.export` + AOTInductor
    (`torch._inductor.aoti_compile_and_package`) does the same for deployment.

    ## Example
    ```python
    frozen = torch.jit.optimize_for_inference(torch.jit.script(model.eval()))
    ```
    Use instead:
    ```python
    torch._inductor.config.freezing = True
    compiled = torch.compile(model.eval())
    with torch.no_grad():
        out = compiled(x)
    ```

    ## Fix safety
    No automatic fix: the replacement changes how and where the model is called.
    """

    code = "TL510"
    name = "jit-freeze"
    message = (
        "`torch.jit.freeze` is deprecated: use `torch.compile` on the eval() model under "
        "no_grad with `torch._inductor.config.freezing = True`"
    )
    apis = {
        "torch.jit.freeze": message,
        "torch.jit.optimize_for_inference": (
            "`torch.jit.optimize_for_inference` is deprecated: use `torch.compile` on the eval() "
            "model under no_grad with `torch._inductor.config.freezing = True`"
        ),
    }

    VALID = [
        Valid(
            """
            import torch

            model = torch.nn.Linear(3, 3).eval()
            compiled = torch.compile(model)
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch

            model = torch.nn.Linear(3, 3).eval()
            frozen = torch.jit.freeze(torch.jit.script(model))
            """,
            line=4,
        ),
        Invalid(
            """
            import torch

            model = torch.nn.Linear(3, 3).eval()
            fast = torch.jit.optimize_for_inference(torch.jit.script(model))
            """,
            line=4,
            message_contains="optimize_for_inference",
        ),
    ]
