import type { ModuleManifest } from '@/lib/module-manifest';

/** AI助手: conversations and their history are kept for offline reading; asking needs the network. */
export const aiModule: ModuleManifest = {
  key: 'ai',
  title: 'AI助手',
  home: {
    key: 'ai',
    title: 'AI助手',
    to: '/Ai',
    color: '#c2410c',
    icon: 'M12 3l2 5 5 2-5 2-2 5-2-5-5-2 5-2zM18 16l1 2 2 1-2 1-1 2-1-2-2-1 2-1z',
    order: 80,
  },
  persistedRoots: ['ai'], // = aiKeys.all[0], kept literal so the entry chunk carries no key factory
};
