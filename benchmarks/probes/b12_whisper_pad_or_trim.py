import torch
import torch.nn.functional as F
from torch import Tensor, nn

N_SAMPLES = 64


def pad_or_trim(audio: Tensor, length: int = N_SAMPLES) -> Tensor:
    if audio.shape[-1] > length:
        audio = audio[..., :length]
    elif audio.shape[-1] < length:
        audio = F.pad(audio, (0, length - audio.shape[-1]))
    return audio


class FrontEnd(nn.Module):
    def __init__(self, n_fft: int = 16, hop: int = 8, channels: int = 8):
        super().__init__()
        self.frames = nn.Conv1d(1, channels, n_fft, stride=hop)
        self.norm = nn.GroupNorm(1, channels)

    def forward(self, wav: Tensor) -> Tensor:
        return self.norm(self.frames(wav.unsqueeze(1)).abs().clamp(min=1e-5).log())


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.front = FrontEnd()
        self.enc = nn.Conv1d(8, 8, 3, padding=1)

    def forward(self, wav: Tensor) -> Tensor:
        mel = self.front(pad_or_trim(wav))
        return F.gelu(self.enc(mel)).mean(-1)


def inputs():
    return [(torch.randn(2, 40),), (torch.randn(2, 52),)]
