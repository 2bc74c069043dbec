import { defineArea, reads } from '../../area.ts';
import { webChatMessages, webChats, webChatSettings } from '../../db/schema/index.ts';
import { chatRoutes, publicChatRoutes } from './index.ts';
import { seedDemoWebChat } from '../../seed/demo-chat.ts';
import { chatDocs } from './openapi.ts';

/** Web chat (issue 42): the practice's settings and conversations; the practices' chat widgets answer through the public routes. */
export const chatArea = defineArea({
  name: 'chat',
  mount: [
    { path: '/chat/public', app: publicChatRoutes, public: true },
    { path: '/chat', app: chatRoutes },
  ],
  docs: chatDocs,
  resources: ['/chat/settings'],
  tables: [webChatSettings, webChats, webChatMessages],
  audit: { ChatMessage: reads('/interactions/interactions'), ChatSettings: reads('/chat/settings') },
  // Migration 0043 for existing roles.
  grants: { practiceAdministrator: ['/chat/settings'] },
  seed: [{ key: 'seeded.webchat', order: 130, run: seedDemoWebChat }],
});
