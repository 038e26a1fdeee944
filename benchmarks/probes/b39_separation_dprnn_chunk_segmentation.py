# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class DPRNNBlock(nn.Module):
    def __init__(self, feat, hidden):
        super().__init__()
        self.intra_rnn = nn.LSTM(feat, hidden, batch_first=True, bidirectional=True)
        self.intra_fc = nn.Linear(2 * hidden, feat)
        self.intra_norm = nn.GroupNorm(1, feat, eps=1e-8)
        self.inter_rnn = nn.LSTM(feat, hidden, batch_first=True, bidirectional=True)
        self.inter_fc = nn.Linear(2 * hidden, feat)
        self.inter_norm = nn.GroupNorm(1, feat, eps=1e-8)

    def forward(self, x):
        B, N, K, S = x.shape
        intra = x.permute(0, 3, 2, 1).reshape(B * S, K, N)
        intra = self.intra_fc(self.intra_rnn(intra)[0]).reshape(B, S, K, N).permute(0, 3, 2, 1)
        x = x + self.intra_norm(intra)
        inter = x.permute(0, 2, 3, 1).reshape(B * K, S, N)
        inter = self.inter_fc(self.inter_rnn(inter)[0]).reshape(B, K, S, N).permute(0, 3, 1, 2)
        return x + self.inter_norm(inter)


class DualPathRNN(nn.Module):
    """Dual-path RNN separator: 50%-overlap chunking, intra/inter-chunk LSTMs, overlap-add."""

    def __init__(self, feat=8, hidden=8, chunk=6, num_blocks=2, num_spk=2):
        super().__init__()
        self.K = chunk
        self.num_spk = num_spk
        self.bottleneck = nn.Conv1d(feat, feat, 1)
        self.blocks = nn.Sequential(*[DPRNNBlock(feat, hidden) for _ in range(num_blocks)])
        self.mask_conv = nn.Conv2d(feat, feat * num_spk, 1)

    def _padding(self, x):
        B, N, L = x.shape
        P = self.K // 2
        gap = self.K - (P + L % self.K) % self.K
        if gap > 0:
            x = torch.cat([x, x.new_zeros(B, N, gap)], dim=2)
        pad_aux = x.new_zeros(B, N, P)
        return torch.cat([pad_aux, x, pad_aux], dim=2), gap

    def _segmentation(self, x):
        B, N, L = x.shape
        P = self.K // 2
        x, gap = self._padding(x)
        x1 = x[:, :, :-P].contiguous().view(B, N, -1, self.K)
        x2 = x[:, :, P:].contiguous().view(B, N, -1, self.K)
        x = torch.cat([x1, x2], dim=3).view(B, N, -1, self.K).transpose(2, 3)
        return x.contiguous(), gap

    def _over_add(self, x, gap):
        B, N, K, S = x.shape
        P = K // 2
        x = x.transpose(2, 3).contiguous().view(B, N, -1, K * 2)
        x1 = x[:, :, :, :K].contiguous().view(B, N, -1)[:, :, P:]
        x2 = x[:, :, :, K:].contiguous().view(B, N, -1)[:, :, :-P]
        x = x1 + x2
        if gap > 0:
            x = x[:, :, :-gap]
        return x

    def forward(self, mix_feats):
        x = self.bottleneck(mix_feats)
        x, gap = self._segmentation(x)
        x = self.mask_conv(self.blocks(x))
        B, _, K, S = x.shape
        x = x.view(B * self.num_spk, -1, K, S)
        masks = F.relu(self._over_add(x, gap)).view(B, self.num_spk, -1, mix_feats.size(-1))
        return masks * mix_feats.unsqueeze(1)


Model = DualPathRNN


def inputs():
    torch.manual_seed(3913)
    return [(torch.randn(1, 8, 20),), (torch.randn(2, 8, 27),)]
