/** Every 通讯录 query key in one place (root `contacts`, persisted for offline reading). */
export const contactsKeys = {
  all: ['contacts'] as const,
  card: (id: string) => ['contacts', 'card', id] as const,
  favourites: ['contacts', 'favourites'] as const,
  groups: ['contacts', 'groups'] as const,
  group: (id: string) => ['contacts', 'group', id] as const,
  personalLists: ['contacts', 'personal', 'list'] as const,
  personal: (id: string) => ['contacts', 'personal', 'one', id] as const,
};

/** What a favourite change touches: the card and the 常用联系人 list. */
export const afterFavouriteWrite = (userId: string): unknown[][] => [
  [...contactsKeys.card(userId)],
  [...contactsKeys.favourites],
];
/** What a group change touches: the group list and that group. */
export const afterGroupWrite = (groupId?: string): unknown[][] => [
  [...contactsKeys.groups],
  ...(groupId ? [[...contactsKeys.group(groupId)]] : []),
];
/** What a personal-contact change touches: the list and that contact. */
export const afterPersonalWrite = (id?: string): unknown[][] => [
  [...contactsKeys.personalLists],
  ...(id ? [[...contactsKeys.personal(id)]] : []),
];
