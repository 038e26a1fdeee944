# ruff: noqa  (a probe is written as users write models)
import torch
from torch import nn, einsum
import torch.nn.functional as F


class GumbelQuantize(nn.Module):
    """Gumbel-softmax codebook: soft samples while training, hard argmax codes at inference."""

    def __init__(self, num_hiddens: int, embedding_dim: int, n_embed: int, straight_through: bool = True,
                 kl_weight: float = 5e-4, temp_init: float = 1.0):
        super().__init__()
        self.embedding_dim = embedding_dim
        self.n_embed = n_embed
        self.straight_through = straight_through
        self.temperature = temp_init
        self.kl_weight = kl_weight
        self.proj = nn.Conv2d(num_hiddens, n_embed, 1)
        self.embed = nn.Embedding(n_embed, embedding_dim)

    def forward(self, z, temp=None, return_logits: bool = False):
        hard = self.straight_through if self.training else True
        temp = self.temperature if temp is None else temp
        logits = self.proj(z)
        if self.training:
            soft_one_hot = F.gumbel_softmax(logits, tau=temp, dim=1, hard=hard)
        else:
            ind = logits.argmax(dim=1)
            soft_one_hot = F.one_hot(ind, self.n_embed).permute(0, 3, 1, 2).to(logits.dtype)
        z_q = einsum("b n h w, n d -> b d h w", soft_one_hot, self.embed.weight)
        qy = F.softmax(logits, dim=1)
        diff = self.kl_weight * torch.sum(qy * torch.log(qy * self.n_embed + 1e-10), dim=1).mean()
        ind = soft_one_hot.argmax(dim=1)
        if return_logits:
            return z_q, diff, ind, logits
        return z_q, diff, ind


class TinyVQGAN(nn.Module):
    def __init__(self, ch: int = 16, n_embed: int = 32, embed_dim: int = 8):
        super().__init__()
        self.encoder = nn.Sequential(nn.Conv2d(3, ch, 4, 2, 1), nn.GELU(), nn.Conv2d(ch, ch, 4, 2, 1))
        self.quantize = GumbelQuantize(ch, embed_dim, n_embed)
        self.decoder = nn.Sequential(nn.ConvTranspose2d(embed_dim, ch, 4, 2, 1), nn.GELU(), nn.ConvTranspose2d(ch, 3, 4, 2, 1))

    def forward(self, img):
        quant, emb_loss, codes = self.quantize(self.encoder(img))
        return self.decoder(quant).tanh(), emb_loss, codes


Model = TinyVQGAN


def inputs():
    torch.manual_seed(4112)
    return [(torch.randn(2, 3, 16, 16),), (torch.randn(1, 3, 24, 32),)]
