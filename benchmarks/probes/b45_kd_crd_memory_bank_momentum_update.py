# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class Embed(nn.Module):
    def __init__(self, dim_in, dim_out):
        super().__init__()
        self.linear = nn.Linear(dim_in, dim_out)

    def forward(self, x):
        return F.normalize(self.linear(x.flatten(1)), dim=1)


class ContrastMemory(nn.Module):
    """Memory bank of student/teacher embeddings, updated with momentum at every forward."""

    def __init__(self, input_size, output_size, K, T=0.07, momentum=0.5):
        super().__init__()
        self.K, self.T, self.momentum = K, T, momentum
        stdv = 1.0 / math.sqrt(input_size / 3)
        self.register_buffer("memory_v1", torch.rand(output_size, input_size).mul_(2 * stdv).add_(-stdv))
        self.register_buffer("memory_v2", torch.rand(output_size, input_size).mul_(2 * stdv).add_(-stdv))

    def forward(self, v1, v2, y, idx):
        batch_size = v1.size(0)
        inputSize = self.memory_v1.size(1)
        weight_v1 = torch.index_select(self.memory_v1, 0, idx.view(-1)).detach().view(batch_size, self.K + 1, inputSize)
        out_v2 = torch.exp(torch.bmm(weight_v1, v2.view(batch_size, inputSize, 1)) / self.T)
        weight_v2 = torch.index_select(self.memory_v2, 0, idx.view(-1)).detach().view(batch_size, self.K + 1, inputSize)
        out_v1 = torch.exp(torch.bmm(weight_v2, v1.view(batch_size, inputSize, 1)) / self.T)
        with torch.no_grad():
            l_pos = torch.index_select(self.memory_v1, 0, y.view(-1))
            l_pos.mul_(self.momentum).add_(torch.mul(v1, 1 - self.momentum))
            self.memory_v1.index_copy_(0, y, F.normalize(l_pos, dim=1))
            ab_pos = torch.index_select(self.memory_v2, 0, y.view(-1))
            ab_pos.mul_(self.momentum).add_(torch.mul(v2, 1 - self.momentum))
            self.memory_v2.index_copy_(0, y, F.normalize(ab_pos, dim=1))
        return out_v1, out_v2


class CRDLoss(nn.Module):
    def __init__(self, s_dim=12, t_dim=16, feat_dim=8, n_data=10, nce_k=3):
        super().__init__()
        self.embed_s = Embed(s_dim, feat_dim)
        self.embed_t = Embed(t_dim, feat_dim)
        self.contrast = ContrastMemory(feat_dim, n_data, nce_k)

    def forward(self, f_s, f_t, idx, contrast_idx):
        f_s, f_t = self.embed_s(f_s), self.embed_t(f_t)
        out_s, out_t = self.contrast(f_s, f_t, idx, contrast_idx)
        P_pos_s = out_s[:, 0] / out_s.sum(dim=1)
        P_pos_t = out_t[:, 0] / out_t.sum(dim=1)
        return -(torch.log(P_pos_s) + torch.log(P_pos_t)).mean()


Model = CRDLoss


def inputs():
    torch.manual_seed(4518)
    i1, i2 = torch.tensor([1, 4, 7]), torch.tensor([1, 2, 9])
    return [
        (torch.randn(3, 12), torch.randn(3, 16), i1, torch.cat([i1[:, None], torch.randint(0, 10, (3, 3))], 1)),
        (torch.randn(3, 12), torch.randn(3, 16), i2, torch.cat([i2[:, None], torch.tensor([[1, 4, 7]] * 3)], 1)),
    ]
