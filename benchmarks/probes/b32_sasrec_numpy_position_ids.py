import numpy as np
import torch
import torch.nn as nn


class PointWiseFeedForward(nn.Module):
    def __init__(self, hidden, dropout):
        super().__init__()
        self.conv1 = nn.Conv1d(hidden, hidden, kernel_size=1)
        self.conv2 = nn.Conv1d(hidden, hidden, kernel_size=1)
        self.dropout = nn.Dropout(dropout)

    def forward(self, x):
        out = self.conv2(self.dropout(torch.relu(self.conv1(x.transpose(-1, -2)))))
        return out.transpose(-1, -2) + x


class SASRec(nn.Module):
    def __init__(self, item_num=60, hidden=16, maxlen=10, num_blocks=2, heads=2, dropout=0.1):
        super().__init__()
        self.item_emb = nn.Embedding(item_num + 1, hidden, padding_idx=0)
        self.pos_emb = nn.Embedding(maxlen + 1, hidden, padding_idx=0)
        self.attn_norms = nn.ModuleList(nn.LayerNorm(hidden, eps=1e-8) for _ in range(num_blocks))
        self.attns = nn.ModuleList(nn.MultiheadAttention(hidden, heads, dropout) for _ in range(num_blocks))
        self.ffn_norms = nn.ModuleList(nn.LayerNorm(hidden, eps=1e-8) for _ in range(num_blocks))
        self.ffns = nn.ModuleList(PointWiseFeedForward(hidden, dropout) for _ in range(num_blocks))
        self.last_norm = nn.LayerNorm(hidden, eps=1e-8)

    def log2feats(self, log_seqs):
        seqs = self.item_emb(log_seqs) * self.item_emb.embedding_dim ** 0.5
        np_seqs = log_seqs.cpu().numpy()  # breaks: export,trace
        poss = np.tile(np.arange(1, np_seqs.shape[1] + 1), [np_seqs.shape[0], 1])
        poss *= np_seqs != 0
        seqs = seqs + self.pos_emb(torch.LongTensor(poss).to(log_seqs.device))
        L = seqs.shape[1]
        causal = ~torch.tril(torch.ones((L, L), dtype=torch.bool, device=seqs.device))
        for norm, attn, ffn_norm, ffn in zip(self.attn_norms, self.attns, self.ffn_norms, self.ffns):
            seqs = seqs.transpose(0, 1)
            q = norm(seqs)
            out, _ = attn(q, seqs, seqs, attn_mask=causal)
            seqs = (q + out).transpose(0, 1)
            seqs = ffn(ffn_norm(seqs)) * (log_seqs != 0).unsqueeze(-1)
        return self.last_norm(seqs)

    def forward(self, log_seqs, item_indices):
        final = self.log2feats(log_seqs)[:, -1, :]
        return (self.item_emb(item_indices) * final.unsqueeze(1)).sum(-1)


Model = SASRec


def inputs():
    torch.manual_seed(3211)
    a = torch.randint(1, 61, (2, 10)); a[0, :4] = 0
    b = torch.randint(1, 61, (2, 10)); b[1, :7] = 0
    return [(a, torch.randint(1, 61, (2, 5))), (b, torch.randint(1, 61, (2, 5)))]
