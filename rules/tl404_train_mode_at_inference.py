"""TL404: a model evaluated under no_grad while still in training mode."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.driver import CallSite
from torchlint.lint.semantic.summary import FileSummary
from torchlint.lint.text_checks import mentions

# Layers whose forward differs between train() and eval().
TRAIN_BEHAVIOUR = ("Dropout", "BatchNorm", "SyncBatchNorm", "InstanceNorm", "RReLU")


class TrainModeAtInference(Rule):
    """Flags a model run for inference (under `no_grad` / `inference_mode`) in training mode.

    ## What it does
    Finds a model call under `torch.no_grad()` / `torch.inference_mode()` (context manager or
    decorator) when, in the same function or script, the last mode set on that model before
    the call is `model.train()` (the classic epoch loop that trains, then validates without
    `model.eval()`), or when the model was constructed in that scope, never switched to
    `eval()`, and its class (resolved through the project) has dropout or batch norm layers.

    ## Why is this bad?
    In training mode dropout zeroes random activations and batch norm normalises with the
    current batch's statistics and updates its running averages. Validation numbers come out
    noisy and wrong, predictions depend on what else is in the batch, and evaluating quietly
    changes the model's running statistics. `no_grad` does not switch modes.

    Measured by `benchmarks/performance_rules.py` (torch 2.13 CPU build, 1 thread on a shared
    2-core machine under load, median of 9 runs; peak memory is the growth of the process's
    peak resident set during one run; ratios moved by up to ~2x between runs on this busy
    machine; no GPU was available for a CUDA column):

    | pattern (flagged vs fixed) | flagged | fixed | ratio |
    |---|---|---|---|
    | no_grad forward, train mode vs eval mode, time | 39.04 ms | 11.21 ms | 3.48x |
    | no_grad forward, train mode vs eval mode, peak memory | 2.0 MiB | 2.0 MiB | 1.00x |

    On a 2-core CPU the flagged form ran 3.5 times slower than the fix.

    ## Example
    ```python
    for epoch in range(epochs):
        model.train()
        for x, y in train_loader:
            ...
        with torch.no_grad():
            for x, y in val_loader:
                val_loss += loss_fn(model(x), y)
    ```
    Use instead:
    ```python
        model.eval()
        with torch.no_grad():
            for x, y in val_loader:
                val_loss += loss_fn(model(x), y)
    ```

    ## Fix safety
    No automatic fix: where `model.eval()` goes (and the `model.train()` that must follow
    before the next epoch) depends on the loop structure.
    """

    code = "TL404"
    name = "train-mode-at-inference"
    message = "model evaluated under no_grad while in training mode"
    severity = "warning"
    graph_only = False
    after_traversal = True  # asks the driver model about call sites
    targets = ()

    VALID = [
        Valid(
            """
            import torch

            def fit(model, train_loader, val_loader, opt, epochs):
                for epoch in range(epochs):
                    model.train()
                    for x, y in train_loader:
                        model(x).sum().backward()
                        opt.step()
                    model.eval()
                    with torch.no_grad():
                        for x, y in val_loader:
                            model(x)
            """,
            runtime=False,
        ),
        # Constructed here, but a plain Linear behaves the same in both modes.
        Valid(
            """
            import torch
            from torch import nn

            net = nn.Linear(4, 2)
            with torch.no_grad():
                out = net(torch.randn(3, 4))
            """,
            runtime=False,
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch

            def fit(model, train_loader, val_loader, opt, epochs):
                for epoch in range(epochs):
                    model.train()
                    for x, y in train_loader:
                        model(x).sum().backward()
                        opt.step()
                    with torch.no_grad():
                        for x, y in val_loader:
                            model(x)
            """,
            line=11,
            runtime=False,
        ),
        Invalid(
            """
            import torch
            from torch import nn

            class Net(nn.Module):
                def __init__(self):
                    super().__init__()
                    self.fc = nn.Linear(4, 4)
                    self.drop = nn.Dropout(0.5)

                def forward(self, x):
                    return self.drop(self.fc(x))

            net = Net()
            with torch.inference_mode():
                out = net(torch.randn(3, 4))
            """,
            line=15,
            runtime=False,
        ),
    ]

    @classmethod
    def may_report(cls, text: str, summary: FileSummary) -> bool:
        # Only a call with autograd off is checked.
        return mentions(text, "no_grad", "inference_mode", "set_grad_enabled")

    def visit_Call(self, node: cst.Call) -> None:
        driver = self.ctx.driver
        site = driver.call(node)
        if site is None or site.model is None or not driver.grad_disabled(site):
            return
        mode = driver.mode_before(site)
        if mode == "train":
            self.report(
                node,
                f"`{site.model}` is still in training mode (`{site.model}.train()` earlier, no "
                f"`.eval()` since): dropout and batch norm act as in training; call "
                f"`{site.model}.eval()` before evaluating",
            )
        elif mode is None and self._fresh_with_train_layers(site):
            self.report(
                node,
                f"`{site.model}` was just constructed, so it is in training mode and its dropout "
                f"/ batch norm layers act as in training; call `{site.model}.eval()` first",
            )

    def _fresh_with_train_layers(self, site: CallSite) -> bool:
        assert site.model is not None
        if site.model not in site.scope.instances:
            return False
        return self._has_train_layers(site.scope.instances[site.model]) is True

    def _has_train_layers(self, cls: str, depth: int = 0) -> Optional[bool]:
        """Whether ``cls`` has layers that behave differently in train mode (None: unknown)."""
        last = cls.rsplit(".", 1)[-1]
        if cls.startswith("torch.nn."):
            return any(name in last for name in TRAIN_BEHAVIOUR)
        index = self.ctx.index
        classes = index.mro(cls)
        if not classes or depth > 4:
            return None
        found: Optional[bool] = False
        for _, _, summary in classes:
            for value in [*summary.attributes.values(), *summary.container_items.values()]:
                if value.startswith("<"):
                    if value == "<modules>":
                        found = None if found is False else found
                    continue
                if index.is_module_class(value):
                    inner = self._has_train_layers(value, depth + 1)
                    if inner:
                        return True
                    if inner is None:
                        found = None
        return found
