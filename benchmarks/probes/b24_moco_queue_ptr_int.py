import torch
import torch.nn as nn
import torch.nn.functional as F


class MoCoHead(nn.Module):
    def __init__(self, dim=8, K=16, T=0.07):
        super().__init__()
        self.K, self.T = K, T
        self.encoder_q = nn.Sequential(nn.Linear(10, 16), nn.ReLU(), nn.Linear(16, dim))
        self.encoder_k = nn.Sequential(nn.Linear(10, 16), nn.ReLU(), nn.Linear(16, dim))
        self.encoder_k.load_state_dict(self.encoder_q.state_dict())
        self.register_buffer("queue", F.normalize(torch.randn(dim, K), dim=0))
        self.register_buffer("queue_ptr", torch.zeros(1, dtype=torch.long))

    @torch.no_grad()
    def _dequeue_and_enqueue(self, keys):
        batch_size = keys.shape[0]
        ptr = int(self.queue_ptr)  # breaks: compile,export,trace
        self.queue[:, ptr:ptr + batch_size] = keys.T
        self.queue_ptr[0] = (ptr + batch_size) % self.K

    def forward(self, im_q, im_k):
        q = F.normalize(self.encoder_q(im_q), dim=1)
        with torch.no_grad():
            k = F.normalize(self.encoder_k(im_k), dim=1)
        l_pos = torch.einsum("nc,nc->n", q, k).unsqueeze(-1)
        l_neg = torch.einsum("nc,ck->nk", q, self.queue.clone().detach())
        logits = torch.cat([l_pos, l_neg], dim=1) / self.T
        self._dequeue_and_enqueue(k)
        return logits


Model = MoCoHead


def inputs():
    torch.manual_seed(243)
    return [
        (torch.randn(4, 10), torch.randn(4, 10)),
        (torch.randn(4, 10), torch.randn(4, 10)),
        (torch.randn(4, 10), torch.randn(4, 10)),
    ]
