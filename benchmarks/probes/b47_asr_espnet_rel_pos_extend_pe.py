# ruff: noqa  (a probe is written as users write models)
import math

import torch
import torch.nn as nn


class RelPositionalEncoding(nn.Module):
    """Relative positional encoding module (new implementation), ESPnet style."""

    def __init__(self, d_model, dropout_rate, max_len=8):
        super().__init__()
        self.d_model = d_model
        self.xscale = math.sqrt(self.d_model)
        self.dropout = nn.Dropout(p=dropout_rate)
        self.pe = None
        self.extend_pe(torch.tensor(0.0).expand(1, max_len))

    def extend_pe(self, x):
        """Reset the positional encodings."""
        if self.pe is not None:
            # self.pe contains both positive and negative parts
            if self.pe.size(1) >= x.size(1) * 2 - 1:
                if self.pe.dtype != x.dtype or self.pe.device != x.device:
                    self.pe = self.pe.to(dtype=x.dtype, device=x.device)
                return
        pe_positive = torch.zeros(x.size(1), self.d_model)
        pe_negative = torch.zeros(x.size(1), self.d_model)
        position = torch.arange(0, x.size(1), dtype=torch.float32).unsqueeze(1)
        div_term = torch.exp(torch.arange(0, self.d_model, 2, dtype=torch.float32) * -(math.log(10000.0) / self.d_model))
        pe_positive[:, 0::2] = torch.sin(position * div_term)
        pe_positive[:, 1::2] = torch.cos(position * div_term)
        pe_negative[:, 0::2] = torch.sin(-1 * position * div_term)
        pe_negative[:, 1::2] = torch.cos(-1 * position * div_term)
        pe_positive = torch.flip(pe_positive, [0]).unsqueeze(0)
        pe_negative = pe_negative[1:].unsqueeze(0)
        pe = torch.cat([pe_positive, pe_negative], dim=1)
        self.pe = pe.to(device=x.device, dtype=x.dtype)

    def forward(self, x: torch.Tensor):
        self.extend_pe(x)
        x = x * self.xscale
        pos_emb = self.pe[:, self.pe.size(1) // 2 - x.size(1) + 1 : self.pe.size(1) // 2 + x.size(1)]
        return self.dropout(x), self.dropout(pos_emb)


class RelPosEncoderFrontend(nn.Module):
    def __init__(self, idim=8, d_model=16):
        super().__init__()
        self.embed = nn.Linear(idim, d_model)
        self.pos_enc = RelPositionalEncoding(d_model, 0.1)
        self.linear_pos = nn.Linear(d_model, d_model, bias=False)

    def forward(self, feats):
        x, pos_emb = self.pos_enc(self.embed(feats))
        p = self.linear_pos(pos_emb)
        # matrix_bd-like score against the relative positions
        scores = torch.matmul(x, p.transpose(1, 2)) / math.sqrt(x.size(-1))
        return x, scores


Model = RelPosEncoderFrontend


def inputs():
    torch.manual_seed(4703)
    return [(torch.randn(2, 5, 8),), (torch.randn(2, 12, 8),), (torch.randn(1, 3, 8),)]
