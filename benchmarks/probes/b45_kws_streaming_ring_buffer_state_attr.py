# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class StreamingConv1d(nn.Module):
    """Keeps the last (kernel_size - 1) input frames between calls, as streaming KWS inference does."""

    def __init__(self, in_ch, out_ch, kernel_size, dilation=1):
        super().__init__()
        self.conv = nn.Conv1d(in_ch, out_ch, kernel_size, dilation=dilation)
        self.ring_len = dilation * (kernel_size - 1)
        self.state = None

    def reset_state(self):
        self.state = None

    def forward(self, x):
        # x: [batch, channels, new_frames]
        if self.state is None or self.state.shape[0] != x.shape[0]:
            self.state = x.new_zeros(x.shape[0], x.shape[1], self.ring_len)
        buf = torch.cat([self.state, x], dim=-1)
        self.state = buf[..., -self.ring_len:].detach()
        return self.conv(buf)


class DSBlock(nn.Module):
    def __init__(self, ch, kernel_size, dilation):
        super().__init__()
        self.dw = StreamingConv1d(ch, ch, kernel_size, dilation)
        self.pw = nn.Conv1d(ch, ch, 1)
        self.bn = nn.BatchNorm1d(ch)

    def forward(self, x):
        return F.relu(self.bn(self.pw(self.dw(x)))) + x


class StreamingKWS(nn.Module):
    def __init__(self, n_mfcc=10, ch=12, n_keywords=4):
        super().__init__()
        self.inp = nn.Conv1d(n_mfcc, ch, 1)
        self.blocks = nn.ModuleList([DSBlock(ch, 3, 1), DSBlock(ch, 3, 2)])
        self.head = nn.Linear(ch, n_keywords)

    def forward(self, mfcc_chunk):
        x = self.inp(mfcc_chunk.transpose(1, 2))
        for block in self.blocks:
            x = block(x)
        return self.head(x.transpose(1, 2)).log_softmax(-1)


Model = StreamingKWS


def inputs():
    torch.manual_seed(4517)
    return [(torch.randn(1, 4, 10),), (torch.randn(1, 4, 10),), (torch.randn(1, 4, 10),)]
