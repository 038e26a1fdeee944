import torch
from torch import nn


class FrameEncoder(nn.Module):
    def __init__(self, n_mels=10, dim=16, stride=2):
        super().__init__()
        self.conv = nn.Conv1d(n_mels, dim, 3, stride=stride, padding=1)

    def forward(self, mel):
        h = self.conv(mel).transpose(1, 2)
        n_frames = h.shape[1]
        return h, n_frames


def inputs():
    torch.manual_seed(14)
    return [(torch.randn(2, 10, 20),), (torch.randn(2, 10, 13),), (torch.randn(3, 10, 20),)]


Model = FrameEncoder
