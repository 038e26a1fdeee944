# ruff: noqa  (a probe is written as users write models)
import torch
import torch.nn as nn
import torch.nn.functional as F


class Caser(nn.Module):
    """Convolutional sequence embedding recommender: horizontal + vertical filters over the last L items."""

    def __init__(self, num_users: int = 20, num_items: int = 40, d: int = 16, L: int = 5, nh: int = 4, nv: int = 2,
                 drop_ratio: float = 0.5, ac_conv: str = "relu", ac_fc: str = "relu"):
        super().__init__()
        self.L = L
        activations = {"relu": F.relu, "tanh": torch.tanh, "sigm": torch.sigmoid, "iden": lambda x: x}
        self.ac_conv = activations[ac_conv]
        self.ac_fc = activations[ac_fc]
        self.user_embeddings = nn.Embedding(num_users, d)
        self.item_embeddings = nn.Embedding(num_items, d)
        self.conv_v = nn.Conv2d(1, nv, (L, 1))
        self.conv_h = nn.ModuleList([nn.Conv2d(1, nh, (i, d)) for i in range(1, L + 1)])
        self.fc1_dim_v = nv * d
        self.fc1 = nn.Linear(self.fc1_dim_v + nh * L, d)
        self.W2 = nn.Embedding(num_items, 2 * d)
        self.b2 = nn.Embedding(num_items, 1)
        self.dropout = nn.Dropout(drop_ratio)

    def forward(self, seq_var, user_var, item_var):
        item_embs = self.item_embeddings(seq_var).unsqueeze(1)  # (B, 1, L, d)
        user_emb = self.user_embeddings(user_var).squeeze(1)
        out_v = self.conv_v(item_embs[:, :, -self.L :]).view(-1, self.fc1_dim_v)
        out_hs = []
        for conv in self.conv_h:
            conv_out = self.ac_conv(conv(item_embs).squeeze(3))
            pool_out = F.max_pool1d(conv_out, conv_out.size(2)).squeeze(2)
            out_hs.append(pool_out)
        out_h = torch.cat(out_hs, 1)
        z = self.ac_fc(self.fc1(self.dropout(torch.cat([out_v, out_h], 1))))
        x = torch.cat([z, user_emb], 1)
        w2 = self.W2(item_var)
        b2 = self.b2(item_var)
        return (torch.baddbmm(b2, w2, x.unsqueeze(2))).squeeze(-1)


Model = Caser


def inputs():
    torch.manual_seed(4128)
    # histories may be longer than the L most recent items the vertical filter reads
    return [
        (torch.randint(0, 40, (3, 5)), torch.randint(0, 20, (3, 1)), torch.randint(0, 40, (3, 6))),
        (torch.randint(0, 40, (2, 8)), torch.randint(0, 20, (2, 1)), torch.randint(0, 40, (2, 6))),
    ]
