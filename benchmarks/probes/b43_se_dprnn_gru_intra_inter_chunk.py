# ruff: noqa  (a probe is written as users write models)
import torch
from torch import nn
import torch.nn.functional as F


def segment(x, chunk_size, hop):
    """(B, N, L) -> (B, N, K, S) overlapping chunks, padded at both ends."""
    x = F.pad(x, (chunk_size - hop, chunk_size - hop))
    chunks = x.unfold(-1, chunk_size, hop)  # B, N, S, K
    return chunks.transpose(2, 3).contiguous()


def overlap_add(chunks, hop, length):
    b, n, k, s = chunks.shape
    out = F.fold(
        chunks.reshape(b, n * k, s),
        output_size=(1, (s - 1) * hop + k),
        kernel_size=(1, k),
        stride=(1, hop),
    ).reshape(b, n, -1)
    return out[..., k - hop : k - hop + length]


class DualPathBlock(nn.Module):
    def __init__(self, feat, hidden):
        super().__init__()
        self.intra_rnn = nn.GRU(feat, hidden, batch_first=True, bidirectional=True)
        self.intra_fc = nn.Linear(2 * hidden, feat)
        self.intra_norm = nn.GroupNorm(1, feat)
        self.inter_rnn = nn.GRU(feat, hidden, batch_first=True)
        self.inter_fc = nn.Linear(hidden, feat)
        self.inter_norm = nn.GroupNorm(1, feat)

    def forward(self, x):
        b, n, k, s = x.shape
        intra = x.permute(0, 3, 2, 1).reshape(b * s, k, n)
        intra = self.intra_fc(self.intra_rnn(intra)[0]).reshape(b, s, k, n).permute(0, 3, 2, 1)
        x = x + self.intra_norm(intra)
        inter = x.permute(0, 2, 3, 1).reshape(b * k, s, n)
        inter = self.inter_fc(self.inter_rnn(inter)[0]).reshape(b, k, s, n).permute(0, 3, 1, 2)
        return x + self.inter_norm(inter)


class DPRNN(nn.Module):
    def __init__(self, feat=8, hidden=8, chunk_size=6, n_repeats=2, n_src=2):
        super().__init__()
        self.chunk_size, self.hop, self.n_src = chunk_size, chunk_size // 2, n_src
        self.encoder = nn.Conv1d(1, feat, 4, stride=2)
        self.blocks = nn.Sequential(*[DualPathBlock(feat, hidden) for _ in range(n_repeats)])
        self.mask = nn.Conv2d(feat, n_src * feat, 1)
        self.decoder = nn.ConvTranspose1d(feat, 1, 4, stride=2)

    def forward(self, wav):
        w = torch.relu(self.encoder(wav.unsqueeze(1)))
        b, n, length = w.shape
        chunks = self.blocks(segment(w, self.chunk_size, self.hop))
        m = self.mask(chunks).reshape(b * self.n_src, n, self.chunk_size, -1)
        m = torch.sigmoid(overlap_add(m, self.hop, length)).reshape(b, self.n_src, n, length)
        est = self.decoder((m * w.unsqueeze(1)).reshape(b * self.n_src, n, length))
        return est.reshape(b, self.n_src, -1)


Model = DPRNN


def inputs():
    torch.manual_seed(4302)
    return [(torch.randn(2, 40),), (torch.randn(1, 54),)]
