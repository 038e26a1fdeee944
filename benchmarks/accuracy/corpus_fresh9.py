"""The ``fresh9`` corpus: a twelfth held-back set of packages, held back for a blind first score.

Built like ``fresh8`` (which it follows as a held-back generalisation figure): nobody reads its
misses or tunes a rule on it before its first score. Pure-PyTorch packages outside the dev
corpora (``transformers``, ``pytorch``), the ``wider``, ``unseen``, ``fresh`` to ``fresh8``
corpora and the held-out list (timm, vit-pytorch, x-transformers, diffusers,
efficientnet-pytorch, transformers), by nine authors or teams (none of them lucidrains): a
differentiable BLEU score for sequence training (bleu-torch), discrete wavelet transform layers
(fdwt), hyperbolic neural networks on the Poincaré ball (hypll), ranking and focal losses for
class imbalance (imbalanced-losses), IoU losses for rotated 2-D and 3-D detection boxes (mgiou), a
differentiable model-predictive controller (mpc), 3-D non-maximum suppression (nms-3d), batched
Kalman filtering and smoothing (torch-kf) and PCA (torch-pca).

Each model runs as ``NAME.eval``, and ``bleu_gumbel`` in train too (``TRAINING``): the BLEU
module draws a Gumbel softmax in training when its temperature is not 1. The queued ranking
losses of imbalanced-losses update a queue of past scores in training only (state carried from
one call to the next, so the back-ends would be compared with eager runs on other state): they
run in eval, where the queue is left alone. The pins are in setup_env.sh (installed with
``--no-deps``: none of them may bring another torch).

Runs only inside the corpus environment, in a ground-truth child; the entries, the building and
the shared input kinds are those of the ``pytorch`` corpus (``corpus_pytorch.py``), plus the
input kinds below: ``bleu_logits`` (candidate: batch·seq × 32 logits, references: batch ×
batch·seq token ids), ``bleu_ids`` (candidate: batch·seq token ids, references), ``signal``
(x: batch × 4·seq × 3, channels last), ``image_cl`` (x: batch × 2·seq × 2·seq × 3),
``volume_cl`` (x: batch × seq × seq × seq × 2), ``hyper_vectors`` (x: batch × seq × 32),
``hyper_images`` (x: batch × 3 × seq × seq), ``class_logits`` (logits: batch·seq × 4, targets:
batch·seq classes, one of them ignored), ``multilabel`` (logits: batch·seq × 4, targets:
batch·seq × 4 in {0, 1}), ``rboxes`` (pred, target: batch·seq × 5 rotated rectangles), ``quads``
(pred, target: batch·seq × 4 × 2 corners), ``cuboids`` (pred, target: batch·seq × 8 × 3
corners), ``rboxes_set`` (boxes: batch·seq × 5), ``control`` (x_init: batch × 4),
``scored_boxes`` (prediction_boxes: batch·seq × 7), ``tracks`` (measures: seq × batch × 2 × 1,
time-major), ``samples`` (x: batch·seq × 8).
"""

from __future__ import annotations

from typing import Any

from _corpus_base import build_model, models_in_modes, pytorch_corpus

# import name -> distribution name (versions are read from the distributions).
PACKAGES: dict[str, str] = {
    "bleu_torch": "bleu-torch",
    "dwt": "fdwt",
    "hypll": "hypll",
    "imbalanced_losses": "imbalanced-losses",
    "mgiou": "mgiou",
    "mpc": "mpc",
    "nms_3d": "nms-3d",
    "torch_kf": "torch-kf",
    "torch_pca": "torch-pca",
}

# The pytorch corpus's shapes: A is batch 2 × 8, B batch 3 × 16, A' A's shapes, other values.
SHAPES = pytorch_corpus().SHAPES
CALL_KWARGS: dict[str, Any] = {}
MODES = ("eval", "train")


def _bleu(**arguments: Any) -> Any:
    """bleu-torch's loss around its BLEU module, behind a module of this file that passes the
    references (rows of one tensor) as the list of tensors the package takes."""
    import torch
    from bleu_torch import DifferentiableBLEULoss, DifferentiableBLEUModule

    loss_type = arguments.pop("loss_type", "complement")

    class Bleu(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.loss = DifferentiableBLEULoss(
                DifferentiableBLEUModule(**arguments), loss_type=loss_type
            )

        def forward(self, candidate: torch.Tensor, references: torch.Tensor) -> Any:
            return self.loss(candidate, list(references.unbind(0)))

    return Bleu()


def _dwt(dims: int, wave: str) -> Any:
    """fdwt's analysis and synthesis layers (channels last) in a round trip, their operator
    matrices made on the first call for each length and cached on the layer."""

    def factory() -> Any:
        import dwt
        import torch

        analysis = {1: dwt.DWT1D, 2: dwt.DWT2D, 3: dwt.DWT3D}[dims]
        synthesis = {1: dwt.IDWT1D, 2: dwt.IDWT2D, 3: dwt.IDWT3D}[dims]

        class RoundTrip(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.analysis = analysis(wave)
                self.synthesis = synthesis(wave)

            def forward(self, x: torch.Tensor) -> Any:
                bands = self.analysis(x)
                return bands, self.synthesis(bands)

        return RoundTrip()

    return factory


def _dwt_multilevel(**arguments: Any) -> Any:
    """fdwt's multilevel functions (``dwt``, ``idwt``) behind a module of this file."""
    import torch
    from dwt import dwt, idwt

    class Multilevel(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.level = int(arguments["level"])
            self.wave = str(arguments["wave"])

        def forward(self, x: torch.Tensor) -> Any:
            bands = dwt(x, level=self.level, wave=self.wave)
            return bands, idwt(bands, wave=self.wave)

    return Multilevel()


def _hyperbolic(kind: str) -> Any:
    """hypll's layers on a Poincaré ball of learnable curvature, behind a module of this file
    that maps the input (a tangent vector at the origin) onto the ball and returns the tensor of
    the output's manifold points."""

    def factory() -> Any:
        import torch
        from hypll import nn as hnn
        from hypll.manifolds.poincare_ball import Curvature, PoincareBall
        from hypll.tensors import TangentTensor

        manifold = PoincareBall(c=Curvature(value=1.0, requires_grad=True))
        if kind == "mlp":
            man_dim = -1
            layers = torch.nn.Sequential(
                hnn.HLinear(32, 16, manifold=manifold),
                hnn.HReLU(manifold=manifold),
                hnn.HLinear(16, 8, manifold=manifold),
            )
        else:
            man_dim = 1
            layers = torch.nn.Sequential(
                hnn.HConvolution2d(3, 4, 3, manifold=manifold, padding=1),
                hnn.HBatchNorm2d(4, manifold=manifold),
                hnn.HReLU(manifold=manifold),
                hnn.HMaxPool2d(2, manifold=manifold),
                hnn.HConvolution2d(4, 4, 3, manifold=manifold),
            )

        class Hyperbolic(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.manifold = manifold
                self.layers = layers

            def forward(self, x: torch.Tensor) -> Any:
                tangent = TangentTensor(data=x, man_dim=man_dim, manifold=self.manifold)
                return self.layers(self.manifold.expmap(tangent)).tensor

        return Hyperbolic()

    return factory


def _mpc(kind: str) -> Any:
    """mpc's box-constrained iLQR controller (a module, its batch size taken from the cost)
    over a fixed horizon, in a module of this file that holds the dynamics' parameters and
    makes the quadratic cost (``QuadCost``, expanded over the horizon and the batch): linear
    dynamics given as ``LinDx`` matrices, or mpc's ``AffineDynamics`` module (one class per
    kind)."""

    def factory() -> Any:
        import torch
        from mpc import mpc
        from mpc.dynamics import AffineDynamics

        n_state, n_ctrl, horizon = 4, 2, 5

        class Controller(torch.nn.Module):
            def __init__(self, bound: float, lqr_iter: int) -> None:
                super().__init__()
                g = torch.Generator().manual_seed(0)
                self.A = torch.nn.Parameter(
                    torch.eye(n_state) + 0.1 * torch.randn(n_state, n_state, generator=g)
                )
                self.B = torch.nn.Parameter(0.2 * torch.randn(n_state, n_ctrl, generator=g))
                self.goal = torch.nn.Parameter(torch.randn(n_state + n_ctrl, generator=g))
                self.controller = mpc.MPC(
                    n_state,
                    n_ctrl,
                    horizon,
                    u_lower=-bound,
                    u_upper=bound,
                    lqr_iter=lqr_iter,
                    exit_unconverged=False,
                    backprop=False,
                )

            def cost(self, n_batch: int) -> Any:
                n_tau = n_state + n_ctrl
                C = torch.eye(n_tau).expand(horizon, n_batch, n_tau, n_tau)
                return mpc.QuadCost(C, (-self.goal).expand(horizon, n_batch, n_tau))

        class LinearController(Controller):
            def forward(self, x_init: torch.Tensor) -> Any:
                n_batch = x_init.shape[0]
                F = torch.cat((self.A, self.B), dim=1)
                dx = mpc.LinDx(F.expand(horizon - 1, n_batch, n_state, n_state + n_ctrl))
                return self.controller(x_init, self.cost(n_batch), dx)

        class AffineController(Controller):
            def __init__(self, bound: float, lqr_iter: int) -> None:
                super().__init__(bound, lqr_iter)
                self.dynamics = AffineDynamics(self.A, self.B)

            def forward(self, x_init: torch.Tensor) -> Any:
                return self.controller(x_init, self.cost(x_init.shape[0]), self.dynamics)

        if kind == "lindx":
            return LinearController(0.5, 5)
        return AffineController(1.0, 3)

    return factory


def _imbalanced(form: str) -> Any:
    """imbalanced-losses' losses (modules) behind a module of this file, one class per form:
    the focal losses take their targets as given; the queued ranking losses (smooth AP,
    recall at a quantile, partial AUC at a budget) rank the batch's logits per class."""

    def factory() -> Any:
        import imbalanced_losses as il
        import torch

        if form == "sigmoid_focal":
            loss = il.SigmoidFocalLoss(alpha=0.25, gamma=2.0)
        elif form == "softmax_focal":
            loss = il.SoftmaxFocalLoss(alpha=[0.1, 0.3, 0.3, 0.3], label_smoothing=0.1)
        elif form == "smooth_ap":
            loss = il.SmoothAPLoss(num_classes=4, queue_size=16, temperature=0.1)
        elif form == "recall":
            loss = il.RecallAtQuantileLoss(num_classes=4, quantile=0.25, queue_size=16)
        else:
            loss = il.PAUCAtBudgetLoss(num_classes=4, beta=0.25, queue_size=16)

        class Loss(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.loss = loss

            def forward(self, logits: torch.Tensor, targets: torch.Tensor) -> Any:
                return self.loss(logits, targets)

        return Loss()

    return factory


def _nms(**arguments: Any) -> Any:
    """nms-3d's function behind a module of this file: kept boxes and their indices."""
    import torch
    from nms_3d import nms_3d

    class Nms(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.iou_threshold = float(arguments["iou_threshold"])

        def forward(self, prediction_boxes: torch.Tensor) -> Any:
            return nms_3d(prediction_boxes, self.iou_threshold, return_indices=True)

    return Nms()


def _kalman(kind: str) -> Any:
    """torch-kf's constant-velocity Kalman filter (not a module), made by
    ``constant_kalman_filter`` in a module of this file: all posteriors over the measures and
    their RTS smoothing, or one predict / update step with the measure's log likelihood."""

    def factory() -> Any:
        import torch
        from torch_kf import GaussianState
        from torch_kf.ckf import constant_kalman_filter

        class Kalman(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.kf = constant_kalman_filter(0.5, 0.1, dim=2, order=1)

            def forward(self, measures: torch.Tensor) -> Any:
                batch = measures.shape[1]
                mean = torch.zeros(batch, 4, 1)
                covariance = torch.eye(4).expand(batch, 4, 4) * 10.0
                state = GaussianState(mean, covariance)
                if kind == "smooth":
                    posteriors = self.kf.filter(state, measures, return_all=True)
                    smoothed = self.kf.rts_smooth(posteriors)
                    return posteriors.mean, smoothed.mean, smoothed.covariance
                predicted = self.kf.predict(state)
                projection = self.kf.project(predicted)
                likelihood = projection.log_likelihood(measures[0])
                updated = self.kf.update(predicted, measures[0], projection=projection)
                return updated.mean, updated.covariance, likelihood

        return Kalman()

    return factory


def _pca(**arguments: Any) -> Any:
    """torch-pca's PCA (not a module) fitted in the forward of a module of this file: the
    projected samples, their reconstruction and the explained variance ratio."""
    import torch
    from torch_pca import PCA

    class Pca(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.n_components = int(arguments["n_components"])
            self.svd_solver = str(arguments["svd_solver"])
            self.whiten = bool(arguments.get("whiten", False))

        def forward(self, x: torch.Tensor) -> Any:
            pca = PCA(self.n_components, whiten=self.whiten, svd_solver=self.svd_solver)
            projected = pca.fit_transform(x)
            return projected, pca.inverse_transform(projected), pca.explained_variance_ratio_

    return Pca()


# name -> (module, class or factory, constructor arguments, input kind); each runs in MODES.
BASE_MODELS: dict[str, tuple[str, Any, dict[str, Any], str]] = {
    "bleu_loss": ("bleu_torch", _bleu, {"vocab_size": 32}, "bleu_logits"),
    "bleu_gumbel": (
        "bleu_torch",
        _bleu,
        {"vocab_size": 32, "max_n": 3, "temperature": 0.5, "loss_type": "log"},
        "bleu_logits",
    ),
    "bleu_ids": ("bleu_torch", _bleu, {"vocab_size": 32, "max_n": 2}, "bleu_ids"),
    "dwt_1d": ("dwt", _dwt(1, "db2"), {}, "signal"),
    "dwt_2d": ("dwt", _dwt(2, "haar"), {}, "image_cl"),
    "dwt_3d": ("dwt", _dwt(3, "db1"), {}, "volume_cl"),
    "dwt_multilevel": ("dwt", _dwt_multilevel, {"level": 2, "wave": "db4"}, "signal"),
    "hyperbolic_mlp": ("hypll.nn", _hyperbolic("mlp"), {}, "hyper_vectors"),
    "hyperbolic_cnn": ("hypll.nn", _hyperbolic("cnn"), {}, "hyper_images"),
    "sigmoid_focal": ("imbalanced_losses", _imbalanced("sigmoid_focal"), {}, "multilabel"),
    "softmax_focal": ("imbalanced_losses", _imbalanced("softmax_focal"), {}, "class_logits"),
    "smooth_ap": ("imbalanced_losses", _imbalanced("smooth_ap"), {}, "class_logits"),
    "recall_quantile": ("imbalanced_losses", _imbalanced("recall"), {}, "class_logits"),
    "pauc_budget": ("imbalanced_losses", _imbalanced("pauc"), {}, "class_logits"),
    "mgiou_rect": ("mgiou", "MGIoU2D", {}, "rboxes"),
    "mgiou_quads": ("mgiou", "MGIoU2DPlus", {"convex_weight": 0.1}, "quads"),
    "mgiou_3d": ("mgiou", "MGIoU3D", {}, "cuboids"),
    "mgiou_minus": ("mgiou", "MGIoU2DMinus", {}, "rboxes_set"),
    "mpc_lindx": ("mpc.mpc", _mpc("lindx"), {}, "control"),
    "mpc_affine": ("mpc.mpc", _mpc("affine"), {}, "control"),
    "nms_boxes": ("nms_3d", _nms, {"iou_threshold": 0.3}, "scored_boxes"),
    "kalman_smooth": ("torch_kf", _kalman("smooth"), {}, "tracks"),
    "kalman_step": ("torch_kf", _kalman("step"), {}, "tracks"),
    "pca_full": ("torch_pca", _pca, {"n_components": 3, "svd_solver": "full"}, "samples"),
    "pca_whiten": (
        "torch_pca",
        _pca,
        {"n_components": 3, "svd_solver": "covariance_eigh", "whiten": True},
        "samples",
    ),
}

# The models whose package code runs otherwise in train mode (see the docstring).
TRAINING: tuple[str, ...] = ("bleu_gumbel",)

MODELS = models_in_modes(BASE_MODELS, MODES, TRAINING)


def build(name: str) -> tuple[Any, str]:
    """The model (seeded weights) in the mode its name ends with, and its input kind."""
    return build_model(MODELS, name)


def _rect_corners(rect: Any) -> Any:
    """The 4 corners (counter-clockwise) of rotated rectangles given as x, y, w, h, angle."""
    import torch

    unit = torch.tensor([[-0.5, -0.5], [0.5, -0.5], [0.5, 0.5], [-0.5, 0.5]])
    cos, sin = rect[:, 4].cos()[:, None], rect[:, 4].sin()[:, None]
    x = unit[None, :, 0] * rect[:, 2:3]
    y = unit[None, :, 1] * rect[:, 3:4]
    return torch.stack((rect[:, :1] + cos * x - sin * y, rect[:, 1:2] + sin * x + cos * y), -1)


def make_inputs(kind: str, batch: int, seq: int, seed: int) -> dict[str, Any]:
    """Keyword inputs for one call; the kinds of the pytorch corpus, and those of this one."""
    import torch

    gen = torch.Generator().manual_seed(seed)
    rows = batch * seq
    if kind in ("bleu_logits", "bleu_ids"):
        references = torch.randint(0, 32, (batch, rows), generator=gen)
        if kind == "bleu_logits":
            candidate = torch.randn(rows, 32, generator=gen) + 3.0 * torch.nn.functional.one_hot(
                references[0], 32
            )
        else:
            candidate = references[0].clone()
            candidate[::3] = torch.randint(0, 32, candidate[::3].shape, generator=gen)
        return {"candidate": candidate, "references": references}
    if kind == "signal":
        return {"x": torch.randn(batch, 4 * seq, 3, generator=gen)}
    if kind == "image_cl":
        return {"x": torch.randn(batch, 2 * seq, 2 * seq, 3, generator=gen)}
    if kind == "volume_cl":
        return {"x": torch.randn(batch, seq, seq, seq, 2, generator=gen)}
    if kind == "hyper_vectors":
        return {"x": 0.3 * torch.randn(batch, seq, 32, generator=gen)}
    if kind == "hyper_images":
        return {"x": 0.3 * torch.randn(batch, 3, seq, seq, generator=gen)}
    if kind == "class_logits":
        targets = torch.arange(rows) % 4
        targets[1] = -100  # an ignored row
        return {"logits": torch.randn(rows, 4, generator=gen), "targets": targets}
    if kind == "multilabel":
        return {
            "logits": torch.randn(rows, 4, generator=gen),
            "targets": (torch.rand(rows, 4, generator=gen) > 0.7).float(),
        }
    if kind in ("rboxes", "quads", "rboxes_set"):
        rects = []
        for _ in range(2):
            centre = 4.0 * torch.rand(rows, 2, generator=gen)
            size = 1.0 + 2.0 * torch.rand(rows, 2, generator=gen)
            angle = torch.rand(rows, 1, generator=gen) * 3.0 - 1.5
            rects.append(torch.cat((centre, size, angle), dim=1))
        if kind == "rboxes_set":
            return {"boxes": rects[0]}
        if kind == "rboxes":
            return {"pred": rects[0], "target": rects[1]}
        return {"pred": _rect_corners(rects[0]), "target": _rect_corners(rects[1])}
    if kind == "cuboids":
        pattern = torch.tensor(
            [
                [-1, -1, -1],
                [1, -1, -1],
                [1, 1, -1],
                [-1, 1, -1],
                [-1, -1, 1],
                [1, -1, 1],
                [1, 1, 1],
                [-1, 1, 1],
            ],
            dtype=torch.float32,
        )
        boxes = []
        for _ in range(2):
            centre = 3.0 * torch.rand(rows, 1, 3, generator=gen)
            half = 0.5 + torch.rand(rows, 1, 3, generator=gen)
            boxes.append(centre + half * pattern)
        return {"pred": boxes[0], "target": boxes[1]}
    if kind == "control":
        return {"x_init": torch.randn(batch, 4, generator=gen)}
    if kind == "scored_boxes":
        low = 2.0 * torch.rand(rows, 3, generator=gen)
        size = 1.0 + 2.0 * torch.rand(rows, 3, generator=gen)
        scores = torch.rand(rows, 1, generator=gen)
        return {"prediction_boxes": torch.cat((scores, low, low + size), dim=1)}
    if kind == "tracks":
        steps = torch.arange(seq, dtype=torch.float32)[:, None, None, None]
        velocity = torch.randn(1, batch, 2, 1, generator=gen)
        noise = 0.3 * torch.randn(seq, batch, 2, 1, generator=gen)
        return {"measures": steps * velocity + noise}
    if kind == "samples":
        mixing = torch.randn(8, 8, generator=gen)
        return {"x": torch.randn(rows, 8, generator=gen) @ mixing + 1.0}
    return pytorch_corpus().make_inputs(kind, batch, seq, seed)
