"""TL503: torch.jit.save / torch.jit.load are deprecated."""

from __future__ import annotations

from torchlint.lint.rule import Invalid, Valid
from torchlint.rules._jit_api import JitApiRule


class JitSaveLoad(JitApiRule):
    """Flags `torch.jit.save` and `torch.jit.load`: TorchScript archives are deprecated.

    ## What it does
    Finds every use of `torch.jit.save` and `torch.jit.load`.

    ## Why is this bad?
    In torch 2.13 they warn: `DeprecationWarning: `torch.jit.save` is deprecated. Please switch
    to `torch.export`.` (and the same for `torch.jit.load`). The replacement archive is an
    `ExportedProgram`: `torch.export.save(program, "model.pt2")` and
    `torch.export.load("model.pt2")` (then `.module()` to call it). For C++ or Python-free
    deployment, AOTInductor packages an exported program:
    `torch._inductor.aoti_compile_and_package(program)` and `torch._inductor.aoti_load_package`.
    Existing `.pt` TorchScript archives cannot be converted to `.pt2` without the source model.

    ## Example
    ```python
    torch.jit.save(torch.jit.script(model), "model.pt")
    loaded = torch.jit.load("model.pt")
    ```
    Use instead:
    ```python
    torch.export.save(torch.export.export(model, (example,)), "model.pt2")
    loaded = torch.export.load("model.pt2").module()
    ```

    ## Fix safety
    No automatic fix: the saved artifact changes format, and the object saved must first be an
    `ExportedProgram`.
    """

    code = "TL503"
    name = "jit-save-load"
    message = "`torch.jit.save`/`torch.jit.load` are deprecated (TorchScript archives)"
    apis = {
        "torch.jit.save": (
            "`torch.jit.save` is deprecated: save an ExportedProgram with "
            "`torch.export.save(torch.export.export(model, args), 'model.pt2')`"
        ),
        "torch.jit.load": (
            "`torch.jit.load` is deprecated: load an ExportedProgram with "
            "`torch.export.load('model.pt2').module()`"
        ),
    }

    VALID = [
        Valid(
            """
            import torch

            model = torch.nn.Linear(3, 3)
            torch.export.save(torch.export.export(model, (torch.randn(2, 3),)), "model.pt2")
            loaded = torch.export.load("model.pt2").module()
            """
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch

            model = torch.nn.Linear(3, 3)
            torch.jit.save(torch.jit.script(model), "model.pt")
            """,
            line=4,
            message_contains="torch.export.save",
        ),
        Invalid(
            """
            import torch

            loaded = torch.jit.load("model.pt")
            """,
            line=3,
            message_contains="torch.export.load",
        ),
    ]
