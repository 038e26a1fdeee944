# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class PositionalEncoding(nn.Module):
    def __init__(self, d_model, max_len=32):
        super().__init__()
        pe = torch.zeros(max_len, d_model)
        position = torch.arange(0, max_len, dtype=torch.float).unsqueeze(1)
        div_term = torch.exp(torch.arange(0, d_model, 2).float() * (-torch.log(torch.tensor(10000.0)) / d_model))
        pe[:, 0::2] = torch.sin(position * div_term)
        pe[:, 1::2] = torch.cos(position * div_term)
        self.register_buffer("pe", pe.unsqueeze(1))

    def forward(self, x):
        return x + self.pe[: x.size(0), :]


class BCNLanguage(nn.Module):
    """Bidirectional cloze network refining a vision prediction."""

    def __init__(self, num_classes=8, d_model=16, max_length=6, null_label=0):
        super().__init__()
        self.max_length = max_length + 1  # additional stop token
        self.null_label = null_label
        self.proj = nn.Linear(num_classes, d_model, False)
        self.token_encoder = PositionalEncoding(d_model, max_len=self.max_length)
        self.pos_encoder = PositionalEncoding(d_model, max_len=self.max_length)
        self.attn = nn.MultiheadAttention(d_model, 2)
        self.cls = nn.Linear(d_model, num_classes)

    def _get_length(self, logit, dim=-1):
        """Greedy decoder to obtain length from logit: first null label position + 1."""
        out = logit.argmax(dim=-1) == self.null_label
        abn = out.any(dim)
        out = ((out.cumsum(dim) == 1) & out).max(dim)[1]
        out = out + 1  # additional end token
        return torch.where(abn, out, out.new_tensor(logit.shape[1]))

    @staticmethod
    def _get_location_mask(sz, device=None):
        mask = torch.eye(sz, device=device)
        return mask.float().masked_fill(mask == 1, float("-inf"))

    def forward(self, vision_logits):
        lengths = self._get_length(vision_logits).clamp_(2, self.max_length)
        tokens = torch.softmax(vision_logits, dim=-1)
        embed = self.token_encoder(self.proj(tokens).permute(1, 0, 2))
        N, T = vision_logits.shape[:2]
        padding_mask = torch.arange(T, device=tokens.device)[None, :] >= lengths[:, None]
        query = self.pos_encoder(embed.new_zeros(T, N, embed.shape[-1]))
        location_mask = self._get_location_mask(T, tokens.device)
        out, _ = self.attn(query, embed, embed, key_padding_mask=padding_mask, attn_mask=location_mask)
        logits = self.cls(out.permute(1, 0, 2))
        return logits, self._get_length(logits)


Model = BCNLanguage


def inputs():
    torch.manual_seed(4528)
    def logits(n):
        x = torch.randn(n, 7, 8)
        x[0, 3, 0] = 9.0  # a null label predicted mid-sequence
        return x
    return [(logits(2),), (logits(2),), (logits(3),)]
