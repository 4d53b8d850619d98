import { createFileRoute } from '@tanstack/react-router';
import { AddressBookHome } from '@/features/addressbook/components/address-book-home';

export const Route = createFileRoute('/addressbook/index')({
  staticData: { title: '通讯录', index: 1, home: true },
  component: AddressBookHome,
});
