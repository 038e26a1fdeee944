"""The ``fresh8`` corpus: an eleventh held-back set of packages, held back for a blind first score.

Built like ``fresh7`` (which it follows as a held-back generalisation figure): nobody reads its
misses or tunes a rule on it before its first score. Pure-PyTorch packages outside the dev
corpora (``transformers``, ``pytorch``), the ``wider``, ``unseen``, ``fresh`` to ``fresh7``
corpora and the held-out list (timm, vit-pytorch, x-transformers, diffusers,
efficientnet-pytorch, transformers), by nine authors or teams (none of them lucidrains): 3-D
rotations (roma), heatmap-to-coordinate regression for pose estimation (dsntnn), thin-plate
spline warps fitted in the forward (torch-tps), a frequency-domain loss for image synthesis
(focal-frequency-loss), a GAN generator and discriminator (gan-pytorch), online triplet mining
for metric learning (online-triplet-loss), a gradient reversal layer for domain adaptation
(pytorch-revgrad), spiking neural networks (spikingjelly: multi-step LIF, IF and parametric LIF
neurons, convolutions over time steps) and speech recognition parts (i6-models: a BLSTM encoder
on packed sequences, a VGG frontend, the conformer convolution and relative-position
self-attention).

Each model runs as ``NAME.eval``; none also in train (``TRAINING`` is empty): no package code
the models run differs in training but dropout (``nn.Dropout``, or ``F.dropout`` and the
attention's dropout given ``self.training``), which eval turns off; the GAN generator's and the
conformer convolution's batch norms are torch's. Spiking neurons keep their membrane potential
from one call to the next: the corpus module resets it (the package's ``functional.reset_net``)
at the start of each call. The pins are in setup_env.sh (installed with ``--no-deps``: none of
them may bring another torch).

Runs only inside the corpus environment, in a ground-truth child; the entries, the building and
the shared input kinds are those of the ``pytorch`` corpus (``corpus_pytorch.py``), plus the
input kinds below: ``vectors`` (input: batch × seq × 32), ``rotvec`` (x: batch·seq × 3),
``matrices`` (m: batch·seq × 3 × 3), ``euler`` (angles: batch·seq × 3 in [−1, 1]), ``rigid``
(rotvec, translation, points: batch·seq × 3 each), ``heatmaps`` (x: batch × 4 × seq × seq),
``spline`` (source, target: batch·seq control points × 2, query: 4·seq points × 2),
``image_pair`` (pred, target: batch × 3 × 2·seq × 2·seq), ``noise`` (x: batch × 100),
``mnist`` (x: batch × 1 × 28 × 28), ``embeddings`` (labels: batch·seq in 4 classes,
embeddings: batch·seq × 16), ``spike_frames`` (x: seq/2 steps × batch × 2 × seq × seq),
``spikes`` (x: seq × batch × 32, time-major), ``speech`` (x: batch × 2·seq × 16, seq_len: the
first one 3 frames shorter), ``speech_frames`` (tensor: batch × 2·seq × 32, sequence_mask),
``speech_mask`` (input_tensor: batch × 2·seq × 32, sequence_mask), ``speech_features``
(tensor: batch × 2·seq × 32).
"""

from __future__ import annotations

from typing import Any

from _corpus_base import build_model, models_in_modes, pytorch_corpus

# import name -> distribution name (versions are read from the distributions).
PACKAGES: dict[str, str] = {
    "dsntnn": "dsntnn",
    "focal_frequency_loss": "focal-frequency-loss",
    "gan_pytorch": "gan-pytorch",
    "i6_models": "i6-models",
    "online_triplet_loss": "online-triplet-loss",
    "roma": "roma",
    "pytorch_revgrad": "pytorch-revgrad",
    "spikingjelly": "spikingjelly",
    "torch_tps": "torch-tps",
}

# The pytorch corpus's shapes: A is batch 2 × 8, B batch 3 × 16, A' A's shapes, other values.
SHAPES = pytorch_corpus().SHAPES
CALL_KWARGS: dict[str, Any] = {}
MODES = ("eval", "train")


def _roma(form: str) -> Any:
    """roma's functions (not modules) behind a module of this file (a pass-through), one class
    per form so that no scripted forward reads a closed-over value."""

    def factory() -> Any:
        import roma
        import torch

        class Mappings(torch.nn.Module):
            def forward(self, x: Any) -> Any:
                rotmat = roma.rotvec_to_rotmat(x)
                quat = roma.rotmat_to_unitquat(rotmat)
                back = roma.unitquat_to_rotvec(quat)
                six = roma.special_gramschmidt(rotmat[..., :2])
                return rotmat, quat, back, six

        class Procrustes(torch.nn.Module):
            def forward(self, m: Any) -> Any:
                rotation = roma.special_procrustes(m)
                identity = torch.eye(3).expand_as(rotation)
                angle = roma.rotmat_geodesic_distance(rotation, identity)
                return rotation, angle, roma.rotmat_to_rotvec(rotation)

        class Euler(torch.nn.Module):
            def forward(self, angles: Any) -> Any:
                rotmat = roma.euler_to_rotmat("xyz", angles)
                return rotmat, roma.rotmat_to_euler("ZYX", rotmat)

        class Rigid(torch.nn.Module):
            def forward(self, rotvec: Any, translation: Any, points: Any) -> Any:
                quat = roma.rotvec_to_unitquat(rotvec)
                transform = roma.RigidUnitQuat(quat, translation)
                composed = transform.compose(transform.inverse())
                steps = torch.linspace(0.0, 1.0, 3)
                half = roma.unitquat_slerp(quat, composed.linear, steps)
                return transform.apply(points), composed.to_homogeneous(), half

        forms = {"mappings": Mappings, "procrustes": Procrustes, "euler": Euler, "rigid": Rigid}
        return forms[form]()

    return factory


def _dsnt(**arguments: Any) -> Any:
    """A convolutional heatmap head (torch layers) whose output dsntnn turns into coordinates:
    the flat softmax, the DSNT (soft argmax) and a Jensen-Shannon regulariser against a target
    Gaussian made by ``make_gauss`` (the package's functions)."""
    import dsntnn
    import torch

    class CoordinateHead(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.conv = torch.nn.Conv2d(4, arguments["points"], 3, padding=1)

        def forward(self, x: Any) -> Any:
            heatmaps = dsntnn.flat_softmax(self.conv(x))
            coords = dsntnn.dsnt(heatmaps)
            pixels = dsntnn.normalized_to_pixel_coordinates(coords, x.size(-1))
            target = dsntnn.make_gauss(coords.detach(), heatmaps.shape[-2:], 1.0)
            reg = dsntnn.js_reg_losses(heatmaps, coords.detach(), 1.0)
            loss = dsntnn.average_loss(dsntnn.euclidean_losses(coords, coords.flip(-1)) + reg)
            return coords, pixels, target, loss

    return CoordinateHead()


def _tps(**arguments: Any) -> Any:
    """torch-tps' ThinPlateSpline (not a module) fitted and applied in the forward of a module of
    this file: control points to their targets, then the query points warped."""
    import torch
    from torch_tps import ThinPlateSpline

    class Warp(torch.nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.alpha = float(arguments.get("alpha", 0.0))
            self.order = int(arguments.get("order", 2))

        def forward(self, source: Any, target: Any, query: Any) -> Any:
            spline = ThinPlateSpline(alpha=self.alpha, order=self.order)
            return spline.fit(source, target).transform(query)

    return Warp()


def _gan(part: str) -> Any:
    """gan-pytorch's Generator or Discriminator, built from the package's parameters for MNIST
    (1 × 28 × 28) with seeded weights (``from_name``: no download)."""

    def factory() -> Any:
        from gan_pytorch import Discriminator, Generator

        return Generator.from_name("g-mnist") if part == "g" else Discriminator.from_name("d-mnist")

    return factory


def _triplet(form: str) -> Any:
    """online-triplet-loss's functions behind a module of this file: batch-hard or batch-all
    mining over the embeddings (one class per form)."""

    def factory() -> Any:
        import torch
        from online_triplet_loss.losses import batch_all_triplet_loss, batch_hard_triplet_loss

        class Hard(torch.nn.Module):
            def forward(self, labels: Any, embeddings: Any) -> Any:
                return batch_hard_triplet_loss(labels, embeddings, margin=0.5)

        class All(torch.nn.Module):
            def forward(self, labels: Any, embeddings: Any) -> Any:
                return batch_all_triplet_loss(labels, embeddings, margin=0.5, squared=True)

        return Hard() if form == "hard" else All()

    return factory


def _revgrad(**arguments: Any) -> Any:
    """A domain classifier behind pytorch-revgrad's gradient reversal layer (an autograd
    Function holding its scale as a tensor), in a torch Sequential."""
    import torch
    from pytorch_revgrad import RevGrad

    return torch.nn.Sequential(
        torch.nn.Linear(32, 16), torch.nn.ReLU(), RevGrad(**arguments), torch.nn.Linear(16, 4)
    )


def _spiking(kind: str) -> Any:
    """A spiking network of spikingjelly's layers and multi-step neurons (time-major input),
    behind a module of this file that resets the neurons' state (``functional.reset_net``)
    before each call, so that calls of other shapes start afresh."""

    def factory() -> Any:
        import torch
        from spikingjelly.activation_based import functional, layer, neuron, surrogate

        if kind == "lif":
            net = torch.nn.Sequential(
                layer.Linear(32, 16, step_mode="m"),
                neuron.LIFNode(tau=2.0, step_mode="m"),
                layer.Linear(16, 8, step_mode="m"),
                neuron.IFNode(step_mode="m", v_reset=None),
            )
        elif kind == "conv":
            net = torch.nn.Sequential(
                layer.SeqToANNContainer(
                    torch.nn.Conv2d(2, 4, 3, padding=1), torch.nn.BatchNorm2d(4)
                ),
                neuron.LIFNode(step_mode="m", surrogate_function=surrogate.ATan()),
                layer.MaxPool2d(2, step_mode="m"),
                layer.Conv2d(4, 4, 3, padding=1, step_mode="m"),
                neuron.IFNode(step_mode="m"),
                layer.Flatten(step_mode="m"),
            )
        else:
            net = torch.nn.Sequential(
                layer.Linear(32, 16, step_mode="m"),
                neuron.ParametricLIFNode(init_tau=2.0, step_mode="m", detach_reset=True),
                layer.Linear(16, 8, step_mode="m"),
                neuron.LIFNode(tau=3.0, step_mode="m", decay_input=False, store_v_seq=True),
            )

        class Spiking(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.net = net

            def forward(self, x: Any) -> Any:
                functional.reset_net(self.net)
                return self.net(x)

        return Spiking()

    return factory


def _i6(part: str) -> Any:
    """i6-models' speech parts, built from their config dataclasses."""

    def factory() -> Any:
        import torch

        if part == "blstm":
            from i6_models.parts.blstm import BlstmEncoderV1, BlstmEncoderV1Config

            return BlstmEncoderV1(
                BlstmEncoderV1Config(
                    num_layers=2, input_dim=16, hidden_dim=8, dropout=0.1, enforce_sorted=False
                )
            )
        if part == "vgg":
            from i6_models.parts.frontend.vgg_act import (
                VGG4LayerActFrontendV1,
                VGG4LayerActFrontendV1Config,
            )

            return VGG4LayerActFrontendV1(
                VGG4LayerActFrontendV1Config(
                    in_features=32,
                    conv1_channels=4,
                    conv2_channels=4,
                    conv3_channels=8,
                    conv4_channels=8,
                    conv_kernel_size=(3, 3),
                    conv_padding=None,
                    pool1_kernel_size=(2, 1),
                    pool1_stride=None,
                    pool1_padding=None,
                    pool2_kernel_size=(2, 1),
                    pool2_stride=None,
                    pool2_padding=None,
                    activation=torch.nn.functional.relu,
                    out_features=16,
                )
            )
        if part == "conv":
            from i6_models.parts.conformer.convolution import (
                ConformerConvolutionV1,
                ConformerConvolutionV1Config,
            )

            return ConformerConvolutionV1(
                ConformerConvolutionV1Config(
                    channels=32,
                    kernel_size=5,
                    dropout=0.1,
                    activation=torch.nn.functional.silu,
                    norm=torch.nn.BatchNorm1d(32),
                )
            )
        from i6_models.parts.conformer.mhsa_rel_pos import (
            ConformerMHSARelPosV1,
            ConformerMHSARelPosV1Config,
        )

        return ConformerMHSARelPosV1(
            ConformerMHSARelPosV1Config(
                input_dim=32,
                num_att_heads=4,
                with_bias=True,
                att_weights_dropout=0.1,
                learnable_pos_emb=part == "mhsa_learned",
                rel_pos_clip=8 if part == "mhsa_learned" else None,
                with_linear_pos=part != "mhsa_learned",
                with_pos_bias=part != "mhsa_learned",
                separate_pos_emb_per_head=True,
                pos_emb_dropout=0.0,
                dropout=0.1,
                dropout_broadcast_axes=None,
            )
        )

    return factory


# name -> (module, class or factory, constructor arguments, input kind); each runs in MODES.
BASE_MODELS: dict[str, tuple[str, Any, dict[str, Any], str]] = {
    "roma_mappings": ("roma", _roma("mappings"), {}, "rotvec"),
    "roma_procrustes": ("roma", _roma("procrustes"), {}, "matrices"),
    "roma_euler": ("roma", _roma("euler"), {}, "euler"),
    "roma_rigid": ("roma", _roma("rigid"), {}, "rigid"),
    "dsnt_head": ("dsntnn", _dsnt, {"points": 3}, "heatmaps"),
    "tps_warp": ("torch_tps", _tps, {"alpha": 0.1}, "spline"),
    "tps_order3": ("torch_tps", _tps, {"order": 3}, "spline"),
    "focal_frequency": (
        "focal_frequency_loss",
        "FocalFrequencyLoss",
        {"patch_factor": 2, "log_matrix": True},
        "image_pair",
    ),
    "focal_frequency_batch": (
        "focal_frequency_loss",
        "FocalFrequencyLoss",
        {"alpha": 2.0, "ave_spectrum": True, "batch_matrix": True},
        "image_pair",
    ),
    "gan_generator": ("gan_pytorch", _gan("g"), {}, "noise"),
    "gan_discriminator": ("gan_pytorch", _gan("d"), {}, "mnist"),
    "triplet_hard": ("online_triplet_loss.losses", _triplet("hard"), {}, "embeddings"),
    "triplet_all": ("online_triplet_loss.losses", _triplet("all"), {}, "embeddings"),
    "revgrad_classifier": ("pytorch_revgrad", _revgrad, {"alpha": 0.5}, "vectors"),
    "spiking_conv": ("spikingjelly.activation_based.layer", _spiking("conv"), {}, "spike_frames"),
    "lif_net": ("spikingjelly.activation_based.neuron", _spiking("lif"), {}, "spikes"),
    "plif_net": ("spikingjelly.activation_based.neuron", _spiking("plif"), {}, "spikes"),
    "blstm_encoder": ("i6_models.parts.blstm", _i6("blstm"), {}, "speech"),
    "vgg_frontend": ("i6_models.parts.frontend.vgg_act", _i6("vgg"), {}, "speech_frames"),
    "conformer_conv": ("i6_models.parts.conformer.convolution", _i6("conv"), {}, "speech_features"),
    "rel_pos_mhsa": ("i6_models.parts.conformer.mhsa_rel_pos", _i6("mhsa"), {}, "speech_mask"),
    "rel_pos_mhsa_learned": (
        "i6_models.parts.conformer.mhsa_rel_pos",
        _i6("mhsa_learned"),
        {},
        "speech_mask",
    ),
}

# The models whose package code runs otherwise in train mode (none: see the docstring).
TRAINING: tuple[str, ...] = ()

MODELS = models_in_modes(BASE_MODELS, MODES, TRAINING)


def build(name: str) -> tuple[Any, str]:
    """The model (seeded weights) in the mode its name ends with, and its input kind."""
    return build_model(MODELS, name)


def make_inputs(kind: str, batch: int, seq: int, seed: int) -> dict[str, Any]:
    """Keyword inputs for one call; the kinds of the pytorch corpus, and those of this one."""
    import torch

    gen = torch.Generator().manual_seed(seed)
    rows = batch * seq
    if kind == "vectors":
        return {"input": torch.randn(batch, seq, 32, generator=gen)}
    if kind == "rotvec":
        return {"x": torch.randn(rows, 3, generator=gen)}
    if kind == "matrices":
        return {"m": torch.randn(rows, 3, 3, generator=gen)}
    if kind == "euler":
        return {"angles": torch.rand(rows, 3, generator=gen) * 2.0 - 1.0}
    if kind == "rigid":
        return {
            "rotvec": torch.randn(rows, 3, generator=gen),
            "translation": torch.randn(rows, 3, generator=gen),
            "points": torch.randn(rows, 3, generator=gen),
        }
    if kind == "heatmaps":
        return {"x": torch.randn(batch, 4, seq, seq, generator=gen)}
    if kind == "spline":
        source = torch.rand(rows, 2, generator=gen)
        return {
            "source": source,
            "target": source + 0.1 * torch.randn(rows, 2, generator=gen),
            "query": torch.rand(4 * seq, 2, generator=gen),
        }
    if kind == "image_pair":
        size = 2 * seq
        return {
            "pred": torch.rand(batch, 3, size, size, generator=gen),
            "target": torch.rand(batch, 3, size, size, generator=gen),
        }
    if kind == "noise":
        return {"x": torch.randn(batch, 100, generator=gen)}
    if kind == "mnist":
        return {"x": torch.rand(batch, 1, 28, 28, generator=gen)}
    if kind == "embeddings":
        return {
            "labels": torch.arange(rows) % 4,
            "embeddings": torch.randn(rows, 16, generator=gen),
        }
    if kind == "spike_frames":
        return {"x": torch.rand(seq // 2, batch, 2, seq, seq, generator=gen) * 2.0}
    if kind == "spikes":
        return {"x": torch.rand(seq, batch, 32, generator=gen) * 2.0}
    if kind == "speech":
        lengths = torch.full((batch,), 2 * seq, dtype=torch.long)
        lengths[0] = 2 * seq - 3
        return {"x": torch.randn(batch, 2 * seq, 16, generator=gen), "seq_len": lengths}
    if kind in ("speech_mask", "speech_frames"):
        mask = torch.ones(batch, 2 * seq, dtype=torch.bool)
        mask[0, -3:] = False
        name = "input_tensor" if kind == "speech_mask" else "tensor"
        return {name: torch.randn(batch, 2 * seq, 32, generator=gen), "sequence_mask": mask}
    if kind == "speech_features":
        return {"tensor": torch.randn(batch, 2 * seq, 32, generator=gen)}
    return pytorch_corpus().make_inputs(kind, batch, seq, seed)
