"""The ``fresh18`` corpus: a twenty-first held-back set of packages, held back for a blind first
score.

Built like ``fresh17`` (which it follows as a held-back generalisation figure): nobody reads its
misses or tunes a rule on it before its first score. Pure-PyTorch packages outside the dev
corpora (``transformers``, ``pytorch``), the ``wider``, ``unseen``, ``fresh`` to ``fresh17``
corpora and the held-out list (timm, vit-pytorch, x-transformers, diffusers,
efficientnet-pytorch, transformers), by ten authors or teams (none of them lucidrains):
differentiable dynamic time warping by dynamic programming in plain torch (ddtw: soft-DTW, hard
DTW with per-item lengths, subsequence soft-DTW, sparse-min DTW and CTC as a DTW), spiking
networks with exact time-to-first-spike gradients (exact-snn-nn: a layered network with its
latency loss, a recurrent layer unrolled over time, the event-driven layer and spiking
attention over a sequence), leaky and plain integrate-and-fire neurons stepped over a spike
train (spikingtorch), B-spline bases with learnable knots on an interval and on the square
(torch-bspline), survival distributions with hazards, survival functions and sampling
conditioned on survival (survival-distributions), bivariate and vine copulas built in forward
(torchvine), echo state networks whose readout is fitted by an SVD and whose reservoirs run
over each series (auto-esn), a modular synthesizer of envelopes, oscillators, noise and
mixers (torchsynth), complex-valued layers on a split real / imaginary type with variational
dropout and masked layers (cplxmodule) and complex-valued layers on torch's complex dtype
(pytorch-complex, imported as torchcomplex). Tried and left out: torchcde, s5-pytorch,
proxynorm, torch-pesq, torchsurv and cplxmodule's complex relevance layers (scipy at import),
torchlibrosa and torchcrepe (librosa), torch-stft (scipy and librosa), pysdtw and
dtw-loss-functions (numba), torchwavelets and ptwt (PyWavelets), torch-ga (icecream), resdag
(pytorch-symbolic), torchdyno (pandas), TorchKAN (wheel without its code), torchsynth's
``Voice`` (a pytorch-lightning module; its parts are assembled here instead).

Each model runs as ``NAME.eval``; the models in ``TRAINING`` also run as ``NAME.train``: those
whose package code reads the mode (exact-snn-nn's spike-time norm updates its running
statistics in training; cplxmodule's complex batch norm updates its running statistics and
its dropout draws masks only in training; pytorch-complex's batch norm and dropout read
``self.training`` in their own forward). The pins are in setup_env.sh (installed with
``--no-deps``: none of them may bring another torch).

Runs only inside the corpus environment, in a ground-truth child; the entries, the building and
the shared input kinds are those of the ``pytorch`` corpus (``corpus_pytorch.py``: ``features``
is x: batch × seq × 32, ``image_chw`` is x: batch × 8 × seq × seq), plus the input kinds below:
``align_pair`` (x: batch × seq × 4 predictions, y: batch × seq / 2 × 4 targets, y_len: batch
valid target lengths of seq / 4 to seq / 2), ``ctc_batch`` (x: batch × seq × 5 frame logits,
y: batch × seq / 4 labels in 1..4), ``spike_batch`` (x: batch × 32 intensities in [0, 1], y:
batch labels in 0..3), ``spike_train`` (x: batch × seq × 16 spike times in [0, 30]),
``unit_square`` (x: batch·seq × 2 points in (0.05, 0.95)), ``unit_cube`` (x: batch·seq × 3
points in (0.05, 0.95)), ``survival`` (x: batch·seq × 6 covariates, t: batch·seq positive
times), ``series`` (input: batch × seq × 1 series) and ``notes`` (midi_f0: 4 pitches, duration: 4
note-on durations; torchsynth fixes the batch when it is built, so only the values vary).
"""

from __future__ import annotations

from typing import Any

from _corpus_base import build_model, models_in_modes, pytorch_corpus

# import name -> distribution name (versions are read from the distributions).
PACKAGES: dict[str, str] = {
    "auto_esn": "auto-esn",
    "cplxmodule": "cplxmodule",
    "ddtw": "ddtw",
    "exact_snn": "exact-snn-nn",
    "spikingtorch": "spikingtorch",
    "survival_distributions": "survival-distributions",
    "torch_bspline": "torch-bspline",
    "torchcomplex": "pytorch-complex",
    "torchsynth": "torchsynth",
    "torchvine": "torchvine",
}

# The pytorch corpus's shapes: A is batch 2 × 8, B batch 3 × 16, A' A's shapes, other values.
SHAPES = pytorch_corpus().SHAPES
CALL_KWARGS: dict[str, Any] = {}
MODES = ("eval", "train")

_VOICES = 4  # torchsynth's batch, fixed when its modules are built


def _dtw(kind: str) -> Any:
    """ddtw's losses with its plain-torch backend (the dynamic programme in Python loops over
    the cost matrix, its gradient an autograd Function) over a learned 4 × 4 projection of the
    predictions: soft-DTW (gamma 0.5); hard DTW with the targets' valid lengths; subsequence
    soft-DTW (the targets anywhere in the predictions); DTW with the sparse minimum; and CTC
    posed as a DTW over the frames' log-probabilities and the label sequence."""

    def factory() -> Any:
        import torch
        from ddtw import CTC, DTW, SDTW, sparseDTW, subSDTW

        class Aligned(torch.nn.Module):
            def __init__(self, loss: Any) -> None:
                super().__init__()
                self.proj = torch.nn.Linear(4, 4)
                self.loss = loss

        # One class per kind, each forward without a test of the kind (TorchScript takes no
        # closed-over string), so every back-end reaches the package's code.
        class Pair(Aligned):
            def forward(self, x: torch.Tensor, y: torch.Tensor, y_len: torch.Tensor) -> Any:
                return self.loss(self.proj(x), y)

        class Lengths(Aligned):
            def forward(self, x: torch.Tensor, y: torch.Tensor, y_len: torch.Tensor) -> Any:
                return self.loss(self.proj(x), y, list_M=y_len)

        class Frames(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.proj = torch.nn.Linear(5, 5)
                self.loss = CTC(backend="torch")

            def forward(self, x: torch.Tensor, y: torch.Tensor) -> Any:
                return self.loss(self.proj(x).log_softmax(-1), y)

        if kind == "soft":
            return Pair(SDTW(gamma=0.5, backend="torch"))
        if kind == "hard":
            return Lengths(DTW(backend="torch"))
        if kind == "sub":
            return Pair(subSDTW(gamma=0.5, backend="torch"))
        if kind == "sparse":
            return Pair(sparseDTW(backend="torch"))
        return Frames()

    return factory


def _snn(kind: str) -> Any:
    """exact-snn-nn's time-to-first-spike networks (201 grid points a layer): a 32-16-4
    network on latency-coded intensities with its latency cross-entropy; the event-driven
    layer (32 to 4) with the latency cross-entropy; the spiking feed-forward block (32 to 16 to
    32, its spike-time norm between the projections, an earliest-spike residual); the recurrent
    layer (16 inputs, 8 hidden) unrolled over the spike train's steps; and spiking attention
    (16 to 16) over the sequence."""

    def factory() -> Any:
        import torch
        from exact_snn import ExactTTFSNetwork, latency_cross_entropy, latency_encode
        from exact_snn.attention import ExactSpikingAttention
        from exact_snn.event import ExactEventLinear
        from exact_snn.ffn import ExactSpikingFFN
        from exact_snn.recurrent import ExactTTFSRnn

        class Network(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.net = ExactTTFSNetwork([32, 16, 4], grid_pts=201)

            def forward(self, x: torch.Tensor, y: torch.Tensor) -> Any:
                times = self.net(latency_encode(x.T))
                return times, latency_cross_entropy(times, y, 40.0)

        class Event(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.layer = ExactEventLinear(32, 4)

            def forward(self, x: torch.Tensor, y: torch.Tensor) -> Any:
                times = self.layer(latency_encode(x.T))
                return times, latency_cross_entropy(times, y, 40.0)

        class FFN(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.ffn = ExactSpikingFFN(32, 16, 32, grid_pts=201, residual=True, use_norm=True)

            def forward(self, x: torch.Tensor, y: torch.Tensor) -> torch.Tensor:
                return self.ffn(latency_encode(x.T))

        class Recurrent(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.rnn = ExactTTFSRnn(16, 8, grid_pts=201)

            def forward(self, x: torch.Tensor) -> torch.Tensor:
                return self.rnn(x.permute(2, 0, 1))

        class Attention(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.attn = ExactSpikingAttention(16, 16, grid_pts=201)

            def forward(self, x: torch.Tensor) -> torch.Tensor:
                return self.attn(x.permute(1, 2, 0))

        return {
            "network": Network,
            "event": Event,
            "ffn": FFN,
            "rnn": Recurrent,
            "attention": Attention,
        }[kind]()

    return factory


def _spiking(kind: str) -> Any:
    """spikingtorch's ``SpikingNet`` stepping a network over the spike train's time axis (its
    neurons keep their state between steps and reset on the first): a linear layer into leaky
    integrate-and-fire neurons; and a linear layer into integrate-and-fire neurons, a second
    linear layer and decaying spiking neurons."""

    def factory() -> Any:
        import torch
        from spikingtorch.layers import IF, LIF, SpikingDecay
        from spikingtorch.spikingnet import SpikingNet

        class Leaky(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.fc = torch.nn.Linear(32, 10)
                self.lif = LIF(tau=8)

            def forward(self, xi: torch.Tensor, init: bool) -> torch.Tensor:
                return self.lif(self.fc(xi.squeeze(1)), init)

        class Stacked(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.fc1 = torch.nn.Linear(32, 16)
                self.neuron1 = IF()
                self.fc2 = torch.nn.Linear(16, 6)
                self.neuron2 = SpikingDecay(tau=4)

            def forward(self, xi: torch.Tensor, init: bool) -> torch.Tensor:
                h = self.neuron1(self.fc1(xi.squeeze(1)) * 4.0, init)
                return self.neuron2(self.fc2(h), init)

        if kind == "lif":
            return SpikingNet(Leaky(), [10])
        return SpikingNet(Stacked(), [6])

    return factory


def _bspline(kind: str) -> Any:
    """torch-bspline's bases with learnable knots (random spacings up to 5:1): a cubic basis of
    six segments on [0, 1] at the first coordinate, combined by learned weights; and the tensor
    basis of a cubic (five segments) and a quadratic (four segments) basis at the points of the
    square, combined by learned weights."""

    def factory() -> Any:
        import torch
        from torch_bspline.bspline import BSpline
        from torch_bspline.tensor_basis import TensorBasis

        class Curve(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.basis = BSpline(lims=(0.0, 1.0), n_segments=6, degree=3, max_ratio=0.2)
                self.weights = torch.nn.Parameter(torch.randn(9))

            def forward(self, x: torch.Tensor) -> Any:
                values = self.basis(x[:, 0])
                return values, values @ self.weights

        class Surface(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.basis = TensorBasis(
                    BSpline(lims=(0.0, 1.0), n_segments=5, degree=3, max_ratio=0.2),
                    BSpline(lims=(0.0, 1.0), n_segments=4, degree=2, max_ratio=0.2),
                )
                self.weights = torch.nn.Parameter(torch.randn(8 * 6))

            def forward(self, x: torch.Tensor) -> Any:
                values = self.basis(x)
                return values, values @ self.weights

        return Curve() if kind == "curve" else Surface()

    return factory


def _survival(kind: str) -> Any:
    """survival-distributions' distributions with parameters from a linear layer over the
    covariates: a Weibull (log density, log survival function, log hazard, the inverse
    survival function at a quantile and a reparameterised sample conditioned on surviving past
    t), and a mixture of three log-normals (log density, log survival function and survival
    function; its conditional sample does not run: its components' log survival function
    rejects the mixture's padded value)."""

    def factory() -> Any:
        import survival_distributions as sd
        import torch

        class Weibull(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.head = torch.nn.Linear(6, 2)

            def forward(self, x: torch.Tensor, t: torch.Tensor) -> Any:
                rate, concentration = torch.nn.functional.softplus(self.head(x)).unbind(-1)
                dist = sd.Weibull(rate + 0.1, concentration + 0.5)
                return (
                    dist.log_prob(t),
                    dist.logsf(t),
                    dist.log_hazard(t),
                    dist.isf(torch.full_like(t, 0.3)),
                    dist.rsample_cond(lower_bound=t),
                )

        class Mixture(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.head = torch.nn.Linear(6, 9)

            def forward(self, x: torch.Tensor, t: torch.Tensor) -> Any:
                logits, loc, scale = self.head(x).chunk(3, dim=-1)
                dist = sd.MixtureSameFamily(
                    torch.distributions.Categorical(logits=logits),
                    sd.LogNormal(loc, torch.nn.functional.softplus(scale) + 0.1),
                )
                return dist.log_prob(t), dist.logsf(t), dist.sf(t)

        return Weibull() if kind == "weibull" else Mixture()

    return factory


def _copula(kind: str) -> Any:
    """torchvine's copulas built in forward from learned parameters: a Clayton copula (theta
    from a softplus) with its density, first h-function and inverse second h-function; a
    Student t copula (correlation from a tanh, four degrees of freedom) with its density and
    both h-functions; and a three-dimensional D-vine of a Gaussian, a Frank and a Gumbel pair
    copula, its density at the points of the cube."""

    def factory() -> Any:
        import torch
        from torchvine import Bicop, Vinecop

        class Parameters(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.raw = torch.nn.Parameter(torch.tensor([0.7, 0.4, 1.5]))

        class Clayton(Parameters):
            def forward(self, x: torch.Tensor) -> Any:
                theta = torch.nn.functional.softplus(self.raw[:1]) + 0.2
                copula = Bicop.from_family("clayton", parameters=theta)
                return copula.pdf(x), copula.hfunc1(x), copula.hinv2(x)

        class Student(Parameters):
            def forward(self, x: torch.Tensor) -> Any:
                rho = torch.tanh(self.raw[1:2])
                copula = Bicop.from_family(
                    "student", parameters=torch.cat([rho, rho.new_ones(1) * 4])
                )
                return copula.pdf(x), copula.hfunc1(x), copula.hfunc2(x)

        class DVine(Parameters):
            def forward(self, x: torch.Tensor) -> Any:
                first = [
                    Bicop.from_family("gaussian", parameters=torch.tanh(self.raw[1:2])),
                    Bicop.from_family("frank", parameters=self.raw[2:3] * 2),
                ]
                second = [
                    Bicop.from_family(
                        "gumbel", parameters=torch.nn.functional.softplus(self.raw[:1]) + 1
                    )
                ]
                vine = Vinecop.from_order([1, 2, 3], pair_copulas=[first, second])
                return vine.pdf(x)

        return {"clayton": Clayton, "student": Student, "dvine": DVine}[kind]()

    return factory


def _esn(kind: str) -> Any:
    """auto-esn's echo state networks (hidden size 16, washout 4, leaky tanh reservoirs: the
    package's default self-normalising activation divides the zero first state by its norm),
    their linear readouts fitted by a regularised SVD on a sine series when built, run over
    each series of the batch (the reservoir reset before each): a deep ESN of two layers, and a
    group of two deep ESNs of two and one layers."""

    def factory() -> Any:
        import torch
        from auto_esn.esn.esn import DeepESN, GroupedDeepESN
        from auto_esn.esn.reservoir import activation

        if kind == "deep":
            model = DeepESN(
                input_size=1,
                hidden_size=16,
                output_dim=1,
                num_layers=2,
                washout=4,
                activation=activation.tanh(leaky_rate=0.5),
            )
        else:
            model = GroupedDeepESN(
                input_size=1,
                hidden_size=16,
                output_dim=1,
                groups=2,
                num_layers=(2, 1),
                washout=4,
                activation=activation.tanh(leaky_rate=0.8),
            )
        series = torch.sin(torch.linspace(0, 12, 48)).unsqueeze(-1)
        model.fit(series[:-1], series[1:])
        return model

    return factory


def _synth(kind: str) -> Any:
    """torchsynth's modules (four voices, 0.05 s at 4 kHz, control rate 400 Hz) assembled as a
    voice (its ``Voice`` is a pytorch-lightning module): a subtractive voice (ADSR envelope,
    upsampled, shaping a square/saw oscillator through a VCA, mixed with noise), and an FM
    voice (an LFO and the envelope through a modulation mixer, a sine modulator into an FM
    oscillator, crossfaded with the sine by a knob through soft mode selection)."""

    def factory() -> Any:
        import torch
        import torchsynth.module as synth
        from torchsynth.config import SynthConfig

        config = SynthConfig(
            batch_size=_VOICES,
            reproducible=False,
            buffer_size_seconds=0.05,
            sample_rate=4000,
            control_rate=400,
        )

        class Subtractive(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.adsr = synth.ADSR(config)
                self.upsample = synth.ControlRateUpsample(config)
                self.vco = synth.SquareSawVCO(config)
                self.vca = synth.VCA(config)
                self.noise = synth.Noise(config, seed=5)
                self.mixer = synth.AudioMixer(config, 2)

            def forward(self, midi_f0: torch.Tensor, duration: torch.Tensor) -> Any:
                envelope = self.upsample(self.adsr(duration))
                tone = self.vca(self.vco(midi_f0, envelope), envelope)
                return self.mixer(tone, self.noise())

        class FM(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.adsr = synth.ADSR(config)
                self.lfo = synth.LFO(config)
                self.modulation = synth.ModulationMixer(config, n_input=2, n_output=2)
                self.upsample = synth.ControlRateUpsample(config)
                self.modulator = synth.SineVCO(config)
                self.carrier = synth.FmVCO(config)
                self.vca = synth.VCA(config)
                self.selector = synth.SoftModeSelector(config, 2)
                self.mixer = synth.AudioMixer(config, 2)

            def forward(self, midi_f0: torch.Tensor, duration: torch.Tensor) -> Any:
                envelope = self.adsr(duration)
                pitch_mod, amp_mod = self.modulation(envelope, self.lfo())
                modulator = self.modulator(midi_f0, self.upsample(pitch_mod))
                carrier = self.carrier(midi_f0, modulator)
                weights = self.selector()
                mixed = self.mixer(carrier * weights[0][:, None], modulator * weights[1][:, None])
                return self.vca(mixed, self.upsample(amp_mod))

        return Subtractive() if kind == "subtractive" else FM()

    return factory


def _cplx(kind: str) -> Any:
    """cplxmodule's layers on its split complex type (the features read as 16 interleaved
    complex numbers): a complex MLP (linear, modReLU, bilinear form with itself, linear, back to
    interleaved reals); a complex 1-D convolution over the sequence, complex batch norm, max
    pooling by modulus and complex dropout, then an adaptive modReLU per channel, to the
    modulus; a complex convolution without bias, a learned phase shift per channel and
    complex ``tanh``, to concatenated reals; and masked layers (a complex linear layer and a
    real 1-D convolution with their masks set). Left out: its relevance layers (variational
    dropout, ARD: their package imports scipy) and its transposed convolutions (they call
    torch's ``_output_padding`` without the argument torch 2.13 requires)."""

    def factory() -> Any:
        import cplxmodule.nn as cnn
        import torch
        from cplxmodule import cplx
        from cplxmodule.nn.masked import Conv1dMasked, CplxLinearMasked
        from cplxmodule.nn.modules.casting import CplxToConcatenatedReal
        from cplxmodule.nn.modules.linear import CplxPhaseShift

        class MLP(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.to_cplx = cnn.RealToCplx()
                self.inp = cnn.CplxLinear(16, 16)
                self.act = cnn.CplxModReLU(0.1)
                self.bilinear = cnn.CplxBilinear(16, 16, 8)
                self.out = cnn.CplxLinear(8, 4)
                self.to_real = cnn.CplxToReal()

            def forward(self, x: torch.Tensor) -> torch.Tensor:
                z = self.act(self.inp(self.to_cplx(x)))
                return self.to_real(self.out(self.bilinear(z, z)))

        class Conv(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.to_cplx = cnn.RealToCplx()
                self.body = cnn.CplxSequential(
                    cnn.CplxConv1d(16, 8, 3, padding=1),
                    cnn.CplxBatchNorm1d(8),
                    cnn.CplxMaxPool1d(2),
                    cnn.CplxDropout(0.2),
                )
                self.act = cnn.CplxAdaptiveModReLU(8)
                self.modulus = cnn.CplxModulus()

            def forward(self, x: torch.Tensor) -> torch.Tensor:
                z = self.body(self.to_cplx(x).transpose(1, 2))
                return self.modulus(self.act(z.transpose(1, 2)))

        class Phase(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.to_cplx = cnn.RealToCplx()
                self.conv = cnn.CplxConv1d(16, 4, 5, padding=2, dilation=1, bias=False)
                self.shift = CplxPhaseShift(4, 1)
                self.to_real = CplxToConcatenatedReal()

            def forward(self, x: torch.Tensor) -> torch.Tensor:
                z = self.shift(self.conv(self.to_cplx(x).transpose(1, 2)))
                return self.to_real(cplx.tanh(z))

        class Masked(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.to_cplx = cnn.RealToCplx()
                self.linear = CplxLinearMasked(16, 8)
                self.linear.mask = (torch.arange(16 * 8).reshape(8, 16) % 3 != 0).float()
                self.conv = Conv1dMasked(32, 4, 3, padding=1)
                self.conv.mask = (torch.arange(4 * 32 * 3).reshape(4, 32, 3) % 2 == 0).float()
                self.to_real = cnn.CplxToReal()

            def forward(self, x: torch.Tensor) -> Any:
                return self.to_real(self.linear(self.to_cplx(x))), self.conv(x.transpose(1, 2))

        return {"mlp": MLP, "conv": Conv, "phase": Phase, "masked": Masked}[kind]()

    return factory


def _complex(kind: str) -> Any:
    """pytorch-complex's layers on torch's complex dtype (the input and its flip as real and
    imaginary parts): a complex CNN over the image (convolution, batch norm, CReLU, max pooling
    by magnitude, 2-D dropout, adaptive average pooling, linear, magnitude out); and a complex
    sequence block over the features (linear, layer norm, complex GELU, 1-D convolution,
    modReLU, upsampling, the magnitude and phase out)."""

    def factory() -> Any:
        import torch
        import torchcomplex.nn as cnn

        class CNN(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.conv = cnn.Conv2d(8, 8, 3, padding=1)
                self.norm = cnn.BatchNorm2d(8)
                self.act = cnn.CReLU()
                self.pool = cnn.MaxPool2d(2)
                self.drop = cnn.Dropout2d(0.2)
                self.gap = cnn.AdaptiveAvgPool2d(1)
                self.head = cnn.Linear(8, 4)

            def forward(self, x: torch.Tensor) -> torch.Tensor:
                z = torch.complex(x, x.flip(-1))
                z = self.drop(self.pool(self.act(self.norm(self.conv(z)))))
                return self.head(self.gap(z).flatten(1)).abs()

        class Sequence(torch.nn.Module):
            def __init__(self) -> None:
                super().__init__()
                self.inp = cnn.Linear(32, 16)
                self.norm = cnn.LayerNorm(16)
                self.act = cnn.CGELU()
                self.conv = cnn.Conv1d(16, 8, 3, padding=1)
                self.mod = cnn.modReLU()
                self.up = cnn.Upsample(scale_factor=2)

            def forward(self, x: torch.Tensor) -> Any:
                z = self.act(self.norm(self.inp(torch.complex(x, x.flip(1)))))
                z = self.up(self.mod(self.conv(z.transpose(1, 2))))
                return z.abs(), z.angle()

        return CNN() if kind == "cnn" else Sequence()

    return factory


# name -> (module, class or factory, constructor arguments, input kind); each runs in MODES.
BASE_MODELS: dict[str, tuple[str, Any, dict[str, Any], str]] = {
    "dtw_soft": ("ddtw", _dtw("soft"), {}, "align_pair"),
    "dtw_hard": ("ddtw", _dtw("hard"), {}, "align_pair"),
    "dtw_sub": ("ddtw", _dtw("sub"), {}, "align_pair"),
    "dtw_sparse": ("ddtw", _dtw("sparse"), {}, "align_pair"),
    "dtw_ctc": ("ddtw", _dtw("ctc"), {}, "ctc_batch"),
    "snn_network": ("exact_snn", _snn("network"), {}, "spike_batch"),
    "snn_event": ("exact_snn", _snn("event"), {}, "spike_batch"),
    "snn_ffn": ("exact_snn", _snn("ffn"), {}, "spike_batch"),
    "snn_rnn": ("exact_snn", _snn("rnn"), {}, "spike_train"),
    "snn_attention": ("exact_snn", _snn("attention"), {}, "spike_train"),
    "spiking_lif": ("spikingtorch", _spiking("lif"), {}, "features"),
    "spiking_stacked": ("spikingtorch", _spiking("stacked"), {}, "features"),
    "bspline_curve": ("torch_bspline", _bspline("curve"), {}, "unit_square"),
    "bspline_surface": ("torch_bspline", _bspline("surface"), {}, "unit_square"),
    "survival_weibull": ("survival_distributions", _survival("weibull"), {}, "survival"),
    "survival_mixture": ("survival_distributions", _survival("mixture"), {}, "survival"),
    "copula_clayton": ("torchvine", _copula("clayton"), {}, "unit_square"),
    "copula_student": ("torchvine", _copula("student"), {}, "unit_square"),
    "copula_dvine": ("torchvine", _copula("dvine"), {}, "unit_cube"),
    "esn_deep": ("auto_esn", _esn("deep"), {}, "series"),
    "esn_grouped": ("auto_esn", _esn("grouped"), {}, "series"),
    "synth_subtractive": ("torchsynth", _synth("subtractive"), {}, "notes"),
    "synth_fm": ("torchsynth", _synth("fm"), {}, "notes"),
    "cplx_mlp": ("cplxmodule", _cplx("mlp"), {}, "features"),
    "cplx_conv": ("cplxmodule", _cplx("conv"), {}, "features"),
    "cplx_phase": ("cplxmodule", _cplx("phase"), {}, "features"),
    "cplx_masked": ("cplxmodule", _cplx("masked"), {}, "features"),
    "complex_cnn": ("torchcomplex", _complex("cnn"), {}, "image_chw"),
    "complex_sequence": ("torchcomplex", _complex("sequence"), {}, "features"),
}

# Package code that reads the mode (see the docstring).
TRAINING: tuple[str, ...] = ("snn_ffn", "cplx_conv", "complex_cnn")

MODELS = models_in_modes(BASE_MODELS, MODES, TRAINING)


def build(name: str) -> tuple[Any, str]:
    """The model (seeded weights) in the mode its name ends with, and its input kind."""
    return build_model(MODELS, name)


def make_inputs(kind: str, batch: int, seq: int, seed: int) -> dict[str, Any]:
    """Keyword inputs for one call; the kinds of the pytorch corpus, and those of this one."""
    import torch

    gen = torch.Generator().manual_seed(seed)
    rows = batch * seq
    if kind == "align_pair":
        return {
            "x": torch.randn(batch, seq, 4, generator=gen),
            "y": torch.randn(batch, seq // 2, 4, generator=gen),
            "y_len": torch.randint(seq // 4, seq // 2 + 1, (batch,), generator=gen),
        }
    if kind == "ctc_batch":
        return {
            "x": torch.randn(batch, seq, 5, generator=gen),
            "y": torch.randint(1, 5, (batch, seq // 4), generator=gen),
        }
    if kind == "spike_batch":
        return {
            "x": torch.rand(batch, 32, generator=gen),
            "y": torch.randint(0, 4, (batch,), generator=gen),
        }
    if kind == "spike_train":
        return {"x": torch.rand(batch, seq, 16, generator=gen) * 30}
    if kind == "unit_square":
        return {"x": torch.rand(rows, 2, generator=gen) * 0.9 + 0.05}
    if kind == "unit_cube":
        return {"x": torch.rand(rows, 3, generator=gen) * 0.9 + 0.05}
    if kind == "survival":
        return {
            "x": torch.randn(rows, 6, generator=gen),
            "t": torch.rand(rows, generator=gen) * 3 + 0.05,
        }
    if kind == "series":
        steps = torch.arange(seq, dtype=torch.float32)
        phase = torch.rand(batch, 1, generator=gen) * 6
        return {"input": torch.sin(steps[None, :] * 0.25 + phase).unsqueeze(-1)}
    if kind == "notes":
        return {
            "midi_f0": torch.rand(_VOICES, generator=gen) * 36 + 40,
            "duration": torch.rand(_VOICES, generator=gen) * 0.03 + 0.01,
        }
    return pytorch_corpus().make_inputs(kind, batch, seq, seed)
