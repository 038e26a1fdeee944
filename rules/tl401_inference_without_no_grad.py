"""TL401: a model called for inference with autograd recording."""

from __future__ import annotations

from typing import Optional

import libcst as cst

from torchlint.lint.rule import Invalid, Rule, Valid
from torchlint.lint.semantic.driver import EVAL_LOADER_NAME, LOADER_NAME, CallSite
from torchlint.lint.semantic.summary import FileSummary
from torchlint.lint.text_checks import defined_names, mentions_attribute, words_containing
from torchlint.rules._perf import inference_name


class InferenceWithoutNoGrad(Rule):
    """Flags a model called for inference (evaluation, prediction) while autograd records.

    ## What it does
    Finds calls of a model in driver code (outside `forward`) that evaluate it: after
    `model.eval()` in the same function, in a function whose name says evaluate / validate /
    test / predict / infer / generate / serve, or in a loop over a validation or test loader
    (hooks such as Lightning's `validation_step`, methods of the module itself, are left out:
    the framework runs them under `no_grad`), with no `torch.no_grad()` /
    `torch.inference_mode()` around it (context manager or decorator, in this function or in a
    caller in the same file up to a few frames up), no `torch.set_grad_enabled(False)`, and no
    `.backward()`, `torch.autograd.grad` or optimizer step in the function. The finding is on
    the model call (not on the function definition); the fix adds `@torch.no_grad()` to the
    function or wraps the code in `with torch.inference_mode():`.

    ## Why is this bad?
    With autograd on, every forward records the graph and keeps each layer's activations alive
    for a backward pass that never comes: more memory (often several times the output size)
    and more time per call. On CUDA the extra memory also limits the batch size you can
    evaluate. `model.eval()` does not turn autograd off; it only switches dropout and batch
    norm to inference behaviour.

    Measured by `benchmarks/performance_rules.py` (torch 2.13 CPU build, 1 thread on a shared
    2-core machine under load, median of 9 runs; peak memory is the growth of the process's
    peak resident set during one run; ratios moved by up to ~2x between runs on this busy
    machine; no GPU was available for a CUDA column):

    | pattern (flagged vs fixed) | flagged | fixed | ratio |
    |---|---|---|---|
    | 4-batch eval loop keeping outputs, autograd vs inference_mode, time | 26.85 ms | 21.84 ms | 1.23x |
    | 4-batch eval loop keeping outputs, autograd vs inference_mode, peak memory | 9.0 MiB | 1.4 MiB | 6.56x |

    On a 2-core CPU the flagged form ran 1.2 times slower than the fix and peaked at 6.6
    times its memory.

    ## Example
    ```python
    def evaluate(model, loader):
        model.eval()
        for x, y in loader:
            correct += (model(x).argmax(1) == y).sum()
    ```
    Use instead:
    ```python
    @torch.no_grad()
    def evaluate(model, loader):
        model.eval()
        for x, y in loader:
            correct += (model(x).argmax(1) == y).sum()
    ```

    ## Fix safety
    Adding `@torch.no_grad()` is safe when nothing differentiates the outputs: the function
    has no `.backward()` or `torch.autograd.grad` (which the rule checks), and no caller in
    another file backpropagates through what it returns (which the rule cannot see), so the
    fix is marked unsafe. `torch.inference_mode()` is faster still but its tensors can never
    be used in autograd later.
    """

    code = "TL401"
    name = "inference-without-no-grad"
    message = "model called for inference with autograd on"
    severity = "warning"
    graph_only = False
    after_traversal = True  # asks the driver model about call sites
    targets = ()

    VALID = [
        # No back-end claim to check: driver code only (runtime=False throughout).
        # A Lightning-style hook on the module itself: the trainer runs it under no_grad.
        Valid(
            """
            import torch
            import lightning

            class Classifier(lightning.LightningModule):
                def __init__(self):
                    super().__init__()
                    self.net = torch.nn.Linear(4, 2)

                def validation_step(self, batch, batch_idx):
                    x, y = batch
                    return self.net(x)
            """,
            runtime=False,
        ),
        Valid(
            """
            import torch

            @torch.no_grad()
            def evaluate(model, loader):
                model.eval()
                return [model(x) for x in loader]
            """,
            runtime=False,
        ),
        Valid(
            """
            import torch

            def evaluate(model, loader):
                model.eval()
                with torch.inference_mode():
                    for x in loader:
                        model(x)
            """,
            runtime=False,
        ),
        # A no_grad two frames up: main -> run_eval -> predict.
        Valid(
            """
            import torch

            def predict(model, x):
                model.eval()
                return model(x)

            def run_eval(model, xs):
                return [predict(model, x) for x in xs]

            def main(model, xs):
                with torch.no_grad():
                    return run_eval(model, xs)
            """,
            runtime=False,
        ),
        # A loop that also calls .backward() is training, even over a "val" loader.
        Valid(
            """
            import torch

            def fine_tune_on_validation(model, val_loader, optimizer):
                for x, y in val_loader:
                    loss = torch.nn.functional.mse_loss(model(x), y)
                    loss.backward()
                    optimizer.step()
            """,
            runtime=False,
        ),
        # Training with model.train(): not inference.
        Valid(
            """
            import torch

            def train(model, loader, optimizer):
                model.train()
                for x, y in loader:
                    optimizer.zero_grad()
                    model(x).sum().backward()
                    optimizer.step()
            """,
            runtime=False,
        ),
        # A computed grad mode: the rule cannot know, so it says nothing.
        Valid(
            """
            import torch

            def evaluate(model, x, grads):
                model.eval()
                with torch.set_grad_enabled(grads):
                    return model(x)
            """,
            runtime=False,
        ),
    ]
    INVALID = [
        Invalid(
            """
            import torch

            def evaluate(model, loader):
                model.eval()
                correct = 0
                for x, y in loader:
                    correct += (model(x).argmax(1) == y).sum()
                return correct
            """,
            line=7,
            runtime=False,
        ),
        # Name says inference, model constructed here.
        Invalid(
            """
            import torch
            from torch import nn

            def predict(x):
                net = nn.Linear(4, 2)
                return net(x)
            """,
            line=6,
            runtime=False,
        ),
        # A loop over the validation loader inside a training function, after training.
        Invalid(
            """
            import torch

            def fit(model, train_loader, val_loader, optimizer):
                for x, y in train_loader:
                    model(x).sum().backward()
                    optimizer.step()

            def validate_epoch(model, val_loader):
                losses = []
                for x, y in val_loader:
                    losses.append(model(x).mean())
                return losses
            """,
            line=11,
            runtime=False,
        ),
        # Module-level script after model.eval().
        Invalid(
            """
            import torch
            from torch import nn

            model = nn.Sequential(nn.Linear(4, 4), nn.ReLU())
            model.eval()
            out = model(torch.randn(2, 4))
            """,
            line=6,
            runtime=False,
        ),
    ]

    @classmethod
    def may_report(cls, text: str, summary: FileSummary) -> bool:
        # Each reason a finding gives needs one of these in the text.
        return (
            mentions_attribute(text, "eval", "train")  # `.eval()` or `.train(False)` before
            or any(inference_name(name, summary.path) for name in defined_names(text))
            or any(
                LOADER_NAME.search(word) and EVAL_LOADER_NAME.search(word)
                for word in words_containing(text, ("loader", "dl", "batches"))
            )
        )

    def visit_Call(self, node: cst.Call) -> None:
        driver = self.ctx.driver
        site = driver.call(node)
        if site is None or site.model is None:
            return
        if site.grad == "on" or driver.grad_disabled(site) or driver.grad_unknown(site):
            return
        if site.scope.trains:
            return
        reason = self._inference_reason(site)
        if reason is None:
            return
        where = (
            f"decorate `{site.scope.name}` with `@torch.no_grad()`"
            if isinstance(site.scope.node, cst.FunctionDef)
            else "wrap it in `with torch.inference_mode():`"
        )
        self.report(
            node,
            f"`{site.model}(...)` runs {reason} with autograd on: it records the graph and keeps "
            f"activations alive for a backward that never comes; {where} "
            "(or `torch.inference_mode()`)",
        )

    def _inference_reason(self, site: CallSite) -> Optional[str]:
        if self.ctx.driver.mode_before(site) == "eval":
            return f"after `{site.model}.eval()`"
        owner = site.scope.owner_class
        # Hooks such as Lightning's ``validation_step`` are methods of the module itself, and
        # the framework already runs them under no_grad.
        framework_hook = owner is not None and self.ctx.index.is_module_class(owner)
        if (
            isinstance(site.scope.node, cst.FunctionDef)
            and not framework_hook
            and inference_name(site.scope.name, self.ctx.path)
        ):
            return f"in `{site.scope.name}`"
        for loop in site.loops:
            if loop.over_eval_loader:
                return "in a loop over evaluation data"
        return None
