"""TL501: torch.jit.script is deprecated."""

from __future__ import annotations

from torchlint.lint.rule import Invalid, Valid
from torchlint.rules._jit_api import JitApiRule


class JitScriptCall(JitApiRule):
    """Flags `torch.jit.script` (as a call or a decorator): TorchScript is deprecated.

    ## What it does
    Finds every use of `torch.jit.script`: `torch.jit.script(model)`, `@torch.jit.script`, and
    `script` imported from `torch.jit`.

    ## Why is this bad?
    In torch 2.13 the call warns: `DeprecationWarning: `torch.jit.script` is deprecated. Please
    switch to `torch.compile` or `torch.export`.` TorchScript gets no new features and will be
    removed. Its replacements:

    - to speed a model up in Python: `torch.compile(model)` (it accepts ordinary Python,
      falling back to eager on what it cannot compile);
    - to get a Python-free artifact for deployment: `torch.export.export(model, example_args)`,
      then `torch.export.save` / AOTInductor (`torch._inductor.aoti_compile_and_package`).

    ## Example
    ```python
    scripted = torch.jit.script(model)
    ```
    Use instead:
    ```python
    compiled = torch.compile(model)
    # or, ahead of time:
    program = torch.export.export(model, (example,))
    ```

    ## Fix safety
    Replacing `torch.jit.script(model)` with `torch.compile(model)` is unsafe: the result is
    an `nn.Module` wrapper, not a `ScriptModule` (no `.save()`, `.code`, `.graph`), and code that
    relies on those breaks.
    """

    code = "TL501"
    name = "jit-script-call"
    message = (
        "`torch.jit.script` is deprecated (TorchScript): use `torch.compile(model)` to speed it up, "
        "or `torch.export.export(model, args)` for a deployable artifact"
    )
    apis = {"torch.jit.script": message}

    VALID = [
        Valid(
            """
            import torch

            model = torch.nn.Linear(3, 3)
            compiled = torch.compile(model)
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch

            model = torch.nn.Linear(3, 3)
            scripted = torch.jit.script(model)
            """,
            line=4,
        ),
        Invalid(
            """
            import torch
            from torch.jit import script

            @script
            def scale(x: torch.Tensor) -> torch.Tensor:
                return x * 2
            """,
            line=4,
        ),
    ]
