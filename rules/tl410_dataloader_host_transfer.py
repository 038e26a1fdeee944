"""TL410: a DataLoader feeding CUDA without pinned memory or worker processes."""

from __future__ import annotations

import libcst as cst

from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.summary import FileSummary
from torchlint.lint.text_checks import names_api

DATALOADERS = frozenset({"torch.utils.data.DataLoader", "torch.utils.data.dataloader.DataLoader"})


class DataLoaderHostTransfer(Rule):
    """Notes a `DataLoader` without `pin_memory=` or `num_workers=` in a file that feeds CUDA.

    ## What it does
    Reports `torch.utils.data.DataLoader(...)` calls that pass neither `pin_memory` (or do not
    pass `num_workers`) in a file that runs on CUDA (`.cuda()` or a `"cuda"` device appears).
    A call with `**kwargs` is not reported, and an explicit `pin_memory=False` or
    `num_workers=0` is the author's choice and is respected. Severity info.

    ## Why is this bad?
    Without workers, loading and augmenting each batch runs in the training process while the
    GPU waits. Without pinned memory, each host-to-device copy goes through a staging buffer
    and `x.cuda(non_blocking=True)` cannot overlap with compute.

    Not measurable on CPU: this is a CUDA feature. `benchmarks/performance_rules.py`
    measures it on CUDA; no GPU was available when this table was written.

    ## Example
    ```python
    loader = DataLoader(dataset, batch_size=64, shuffle=True)
    for x, y in loader:
        model(x.cuda())
    ```
    Use instead:
    ```python
    loader = DataLoader(dataset, batch_size=64, shuffle=True, num_workers=4, pin_memory=True)
    for x, y in loader:
        model(x.cuda(non_blocking=True))
    ```

    ## Fix safety
    No automatic fix: worker processes need a picklable dataset and a `__main__` guard on some
    platforms, and the right worker count depends on the machine.
    """

    code = "TL410"
    name = "dataloader-host-transfer"
    message = "DataLoader feeding CUDA without `pin_memory` / `num_workers`"
    severity = "info"
    graph_only = False
    after_traversal = True  # asks the driver model about call sites
    targets = ()

    VALID = [
        Valid(
            """
            import torch
            from torch.utils.data import DataLoader

            def make(ds):
                return DataLoader(ds, batch_size=8, num_workers=4, pin_memory=True)

            def run(model, ds):
                for x in make(ds):
                    model(x.cuda())
            """,
            runtime=False,
        ),
        # CPU only: nothing to pin.
        Valid(
            """
            import torch
            from torch.utils.data import DataLoader

            def run(model, ds):
                for x in DataLoader(ds, batch_size=8):
                    model(x)
            """,
            runtime=False,
        ),
        Valid(
            """
            import torch
            from torch.utils.data import DataLoader

            def make(ds, **options):
                return DataLoader(ds, **options)

            device = torch.device("cuda")
            """,
            runtime=False,
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch
            from torch.utils.data import DataLoader

            def run(model, ds):
                loader = DataLoader(ds, batch_size=8, shuffle=True)
                for x in loader:
                    model(x.to("cuda"))
            """,
            line=5,
            message_contains="pin_memory=True",
            runtime=False,
        ),
    ]

    @classmethod
    def may_report(cls, text: str, summary: FileSummary) -> bool:
        return "cuda" in text and names_api(text, summary, DATALOADERS)

    def visit_Call(self, node: cst.Call) -> None:
        if self.ctx.qualified_name(node.func) not in DATALOADERS:
            return
        if any(arg.star == "**" for arg in node.args) or not self.ctx.driver.feeds_cuda:
            return
        given = {arg.keyword.value for arg in node.args if arg.keyword is not None}
        missing = [option for option in ("pin_memory", "num_workers") if option not in given]
        if not missing:
            return
        advice = " and ".join(
            "pin_memory=True" if option == "pin_memory" else "num_workers=N" for option in missing
        )
        self.report(
            node,
            f"this DataLoader feeds CUDA without {' or '.join(f'`{m}`' for m in missing)}: pass "
            f"{advice} so batches load in worker processes and copy to the GPU asynchronously",
        )
