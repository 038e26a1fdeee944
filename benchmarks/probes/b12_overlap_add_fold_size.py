import torch
import torch.nn.functional as F
from torch import Tensor, nn


class Framer(nn.Module):
    def __init__(self, win: int = 8, hop: int = 4):
        super().__init__()
        self.win, self.hop = win, hop

    def split(self, wav: Tensor) -> Tensor:
        frames = wav.unsqueeze(1).unfold(-1, self.win, self.hop)
        return frames.squeeze(1)

    def overlap_add(self, frames: Tensor) -> Tensor:
        n = frames.shape[1]
        length = (n - 1) * self.hop + self.win
        cols = frames.transpose(1, 2)
        out = F.fold(cols, output_size=(1, length), kernel_size=(1, self.win), stride=(1, self.hop))
        return out.flatten(1)


class Model(nn.Module):
    def __init__(self):
        super().__init__()
        self.framer = Framer()
        self.mask_net = nn.Sequential(nn.Linear(8, 16), nn.ReLU(), nn.Linear(16, 8), nn.Sigmoid())

    def forward(self, wav: Tensor) -> Tensor:
        frames = self.framer.split(wav)
        return self.framer.overlap_add(frames * self.mask_net(frames))


def inputs():
    return [(torch.randn(2, 32),), (torch.randn(1, 48),)]
