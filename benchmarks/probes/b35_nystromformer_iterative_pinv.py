import math

import torch
import torch.nn as nn


def iterative_inv(mat, n_iter: int = 6):
    I = torch.eye(mat.size(-1), device=mat.device, dtype=mat.dtype)
    K = mat
    V = 1 / (torch.max(torch.sum(K, dim=-2)) * torch.max(torch.sum(K, dim=-1))) * K.transpose(-1, -2)
    for _ in range(n_iter):
        KV = torch.matmul(K, V)
        V = torch.matmul(0.25 * V, 13 * I - torch.matmul(KV, 15 * I - torch.matmul(KV, 7 * I - KV)))
    return V


class NystromAttention(nn.Module):
    def __init__(self, dim=32, heads=4, num_landmarks=4, conv_kernel=3):
        super().__init__()
        self.heads, self.head_dim, self.m = heads, dim // heads, num_landmarks
        self.qkv = nn.Linear(dim, 3 * dim)
        self.proj = nn.Linear(dim, dim)
        self.res_conv = nn.Conv2d(heads, heads, (conv_kernel, 1), padding=(conv_kernel // 2, 0), groups=heads, bias=False)

    def landmarks(self, t):
        b, h, n, d = t.shape
        return t.reshape(b, h, self.m, n // self.m, d).mean(dim=-2)

    def forward(self, x):
        b, n, _ = x.shape
        q, k, v = self.qkv(x).view(b, n, 3, self.heads, self.head_dim).permute(2, 0, 3, 1, 4)
        q = q / math.sqrt(math.sqrt(self.head_dim))
        k = k / math.sqrt(math.sqrt(self.head_dim))
        q_l, k_l = self.landmarks(q), self.landmarks(k)
        kernel_1 = torch.softmax(q @ k_l.transpose(-1, -2), dim=-1)
        kernel_2 = torch.softmax(q_l @ k_l.transpose(-1, -2), dim=-1)
        kernel_3 = torch.softmax(q_l @ k.transpose(-1, -2), dim=-1)
        out = (kernel_1 @ iterative_inv(kernel_2)) @ (kernel_3 @ v)
        out = out + self.res_conv(v)
        return self.proj(out.transpose(1, 2).reshape(b, n, -1))


Model = NystromAttention


def inputs():
    torch.manual_seed(3510)
    return [(torch.randn(2, 16, 32),), (torch.randn(3, 24, 32),)]
